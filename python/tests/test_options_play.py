"""options and play: the answers and games of `sade-ref options` and `sade-ref play`, and the
errors for what the referee refuses."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from support import run_cli

import sade_ref

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "face", "variant", "args"),
    [
        (START, 3, "sade", ["--face", "3"]),
        (MATE_IN_ONE, 4, "sade", ["--face", "4"]),
        (START, None, "standard", ["--variant", "standard"]),
        (MATE_IN_ONE, None, "standard", ["--variant", "standard"]),
        (START, None, "marseillais", ["--variant", "marseillais"]),
    ],
)
def test_options_are_the_commands(
    cli: Path, fen: str, face: int | None, variant: str, args: list[str]
) -> None:
    expected = json.loads(run_cli(cli, "options", "--fen", fen, "--format", "json", *args, ok=(0,)))
    assert sade_ref.options(fen, face, variant=variant).to_dict() == expected


def test_options_count_all_and_keep_what_is_asked() -> None:
    full = sade_ref.options(START, 1)
    assert full.count == 20 and len(full.options) == 20
    assert full.mode is not None
    assert full.mode.pieces == "opponent" and full.side == "white"
    few = sade_ref.options(START, 1, limit=3)
    assert few.count == 20 and few.options == full.options[:3]
    counted = sade_ref.options(START, 1, count_only=True)
    assert counted.count == 20 and counted.options == ()
    mate = sade_ref.options(MATE_IN_ONE, variant="standard")
    ends = [o for o in mate.options if o.ends]
    assert ends and ends[0].actions == ("Ra8#",)
    assert ends[0].ends is not None and ends[0].ends.winner == "white"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: sade_ref.options("not a fen", 1), "not a position"),
        (lambda: sade_ref.options(START), "needs the die face"),
        (lambda: sade_ref.options(START, 7), "no face of a die"),
        (lambda: sade_ref.options(START, 2, variant="standard"), "no die"),
        (lambda: sade_ref.options(START, variant="crazyhouse"), "variant"),
        (lambda: sade_ref.play("crazyhouse"), "variant"),
        (lambda: sade_ref.play(white="stockfish"), "white="),
        (lambda: sade_ref.play(black="stockfish"), "black="),
        (lambda: sade_ref.play(number=0), "numbered from 1"),
        (lambda: sade_ref.play(fen="8/8/8/8/8/8/8/8 w - - 0 1"), "FEN|king|position"),
    ],
)
def test_what_the_referee_refuses_is_a_value_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("variant", ["sade", "marseillais", "marseillais-classical", "standard"])
def test_play_gives_the_commands_game(cli: Path, variant: str) -> None:
    text = run_cli(cli, "play", "--variant", variant, "--seed", "11", "--games", "2", ok=(0,))
    expected = [g.to_sdn() for g in sade_ref.read_games(text)]
    got = [sade_ref.play(variant, seed=11, number=n) for n in (1, 2)]
    assert [g.to_sdn() for g in got] == expected
    assert all(sade_ref.verify(g).valid for g in got)
    assert got[0].headers["Variant"].lower().replace(" ", "-") == variant


def test_play_takes_bots_a_start_and_a_turn_limit() -> None:
    game = sade_ref.play("standard", white="greedy", black="random", seed=5, max_turns=6)
    # The old names are the levels beginner and novice.
    assert (game.headers["White"], game.headers["Black"]) == ("beginner", "novice")
    assert len(game.turns) <= 6
    assert sade_ref.verify(game).valid
    game = sade_ref.play("sade", fen=MATE_IN_ONE, seed=1, max_turns=4)
    assert game.headers["FEN"] == MATE_IN_ONE
    assert sade_ref.play(seed=9).to_sdn() == sade_ref.play(seed=9).to_sdn()
