"""sade_ref against python-chess: read and replay the lichess sample (Standard chess).

    python python/bench/vs_python_chess.py [PGN] [--rounds N]

python-chess: `chess.pgn.read_game` for every game, then the main line pushed on a board (the
usual replay). sade_ref: `read_games` and `verify` for every game (reading, replaying every move
by the rules and judging the end), one thread; then `verify_many` on 1 and 2 threads, and
`verify` from 2 Python threads (the GIL is released while a game is verified). Each figure is the
best of N rounds (default 5), measured in this run; ratios are against python-chess in the same
run. Not a test: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import chess
import chess.pgn

import sade_ref

SAMPLE = Path(__file__).resolve().parents[2] / "tests/data/pgn/lichess/lichess_db_1000k.pgn"


def python_chess(text: str) -> int:
    games = 0
    stream = io.StringIO(text)
    while (game := chess.pgn.read_game(stream)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        games += 1
    return games


def sade_ref_one_thread(text: str) -> int:
    games = 0
    for game in sade_ref.read_games(text):
        sade_ref.verify(game)
        games += 1
    return games


def sade_ref_many(jobs: int) -> Callable[[str], int]:
    def run(text: str) -> int:
        return len(sade_ref.verify_many(sade_ref.read_games(text), jobs=jobs))

    return run


def sade_ref_threads(text: str) -> int:
    games = list(sade_ref.read_games(text))
    with ThreadPoolExecutor(max_workers=2) as pool:
        return len(list(pool.map(sade_ref.verify, games, chunksize=32)))


def best(run: Callable[[str], int], text: str, rounds: int) -> tuple[float, int]:
    times = []
    games = 0
    for _ in range(rounds):
        start = time.perf_counter()
        games = run(text)
        times.append(time.perf_counter() - start)
    return min(times), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn", nargs="?", type=Path, default=SAMPLE)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    text = args.pgn.read_text()
    print(f"{args.pgn.name}: {len(text)} bytes; best of {args.rounds} rounds")
    print(f"python-chess {chess.__version__}, sade_ref (PyO3, [profile.python])")
    base, games = best(python_chess, text, args.rounds)
    print(f"{'python-chess read_game + replay':<40} {games:>5} games {base:8.3f} s {games / base:9.0f} games/s")
    for label, run in [
        ("sade_ref read_games + verify", sade_ref_one_thread),
        ("sade_ref verify_many(jobs=1)", sade_ref_many(1)),
        ("sade_ref verify_many(jobs=2)", sade_ref_many(2)),
        ("sade_ref verify, 2 Python threads", sade_ref_threads),
    ]:
        seconds, count = best(run, text, args.rounds)
        assert count == games, f"{label}: {count} games, python-chess read {games}"
        print(
            f"{label:<40} {count:>5} games {seconds:8.3f} s {count / seconds:9.0f} games/s"
            f"  {base / seconds:6.1f}x python-chess"
        )


if __name__ == "__main__":
    main()
