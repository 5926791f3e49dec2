"""verify and verify_many: the verdict's fields, and the same verdicts as the command, game for
game, on every corpus file and the lichess sample."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, cast

import pytest
from support import run_cli

import sade_ref

FORBIDDEN_CHECK = "corpus/rules/sade/face1_check_invalid.sdn"
LICHESS = "tests/data/pgn/lichess/lichess_db_1000k.pgn"


def corpus_files(root: Path) -> list[str]:
    files = [
        str(p.relative_to(root))
        for p in sorted((root / "corpus").rglob("*"))
        if p.suffix in (".sdn", ".pgn", ".json")
    ]
    return files + [LICHESS]


def test_a_finished_sade_game_says_who_won_how_and_by_which_article() -> None:
    game = sade_ref.read_game(
        '[Variant "Sade"]\n[FEN "7k/p6p/8/8/8/8/8/1N2K3 w - - 0 1"]\n\n1. 4: -Nb1 Kd2 1-0\n'
    )
    assert game is not None
    verdict = sade_ref.verify(game)
    assert (verdict.status, verdict.winner, verdict.termination, verdict.article) == (
        "finished",
        "white",
        "nakedness",
        "Art. 9.3",
    )
    assert verdict.valid and verdict.error is None and verdict.result == "1-0"
    assert verdict.void == sade_ref.Void(
        actions=1,
        turns=1,
        from_=sade_ref.Locator(
            turn_index=0,
            turn="1.",
            side=sade_ref.Color.WHITE,
            face=4,
            action=2,
            start_position=False,
        ),
    )
    assert verdict.notes and "R21" in verdict.notes[0]
    assert "nakedness" in repr(verdict)


def test_an_illegal_action_is_located_by_turn_side_face_action_line_and_column(root: Path) -> None:
    game = sade_ref.read_game(root / FORBIDDEN_CHECK)
    assert game is not None
    verdict = sade_ref.verify(game)
    assert verdict.status == "invalid" and not verdict.valid
    error = verdict.error
    assert error is not None
    assert (error.kind, error.code, error.article) == ("rule", "forbidden-check", "R1")
    assert (error.turn, error.side, error.face, error.action) == (1, "white", 1, 1)
    assert (error.line, error.column) == (10, 7)
    assert "forbidden-check" in repr(error) and "10:7" in repr(verdict)


def test_a_game_that_cannot_be_read_is_invalid_by_its_syntax_error() -> None:
    [game] = sade_ref.read_games("1. e4 Qx9 *\n", name="bad.pgn")
    verdict = sade_ref.verify(game)
    assert verdict.status == "invalid" and verdict.variant is None
    assert verdict.error is not None
    assert (verdict.error.kind, verdict.error.code) == ("syntax", "bad-move")
    assert verdict.to_dict()["file"] == "bad.pgn"


def test_to_dict_is_a_copy() -> None:
    game = sade_ref.read_game("1. e4 e5 *\n")
    assert game is not None
    verdict = sade_ref.verify(game)
    verdict.to_dict()["status"] = "changed"
    assert verdict.status == "unfinished"
    with pytest.raises(AttributeError):
        getattr(verdict, "no_such_field")


def test_every_corpus_file_gets_the_verdicts_of_the_command(
    root: Path, cli: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Files are named alike (relative to the repository) on both sides.
    monkeypatch.chdir(root)
    files = corpus_files(root)
    assert len(files) > 200
    lines = run_cli(cli, "verify", "--format", "json", *files).splitlines()
    expected = [json.loads(line) for line in lines]
    got = [
        sade_ref.verify(game).to_dict() for path in files for game in sade_ref.read_games(path)
    ]
    assert len(got) == len(expected) > 600
    for ours, theirs in zip(got, expected):
        assert ours == theirs
    # The cross-check covers each kind of verdict.
    statuses = {v["status"] for v in got}
    kinds = {v["error"]["kind"] for v in got if v["error"]}
    assert statuses == {"finished", "unfinished", "invalid"} and kinds == {"syntax", "rule"}


def test_verify_many_gives_the_verdicts_of_verify_in_order(root: Path) -> None:
    games = list(sade_ref.read_games(root / LICHESS))[:300]
    games += list(sade_ref.read_games(root / FORBIDDEN_CHECK))
    one_by_one = [sade_ref.verify(g) for g in games]
    for jobs in (1, 2, None):
        assert sade_ref.verify_many(games, jobs=jobs) == one_by_one
    assert sade_ref.verify_many(iter(games[:3])) == one_by_one[:3]
    assert sade_ref.verify_many([]) == []
    for jobs in (0, 257):
        with pytest.raises(ValueError, match="1 to 256"):
            sade_ref.verify_many(games, jobs=jobs)
    with pytest.raises(TypeError):
        sade_ref.verify_many(cast(Any, ["1. e4 *"]))


def test_threads_verify_the_same_games_alike(root: Path) -> None:
    games = list(sade_ref.read_games(root / LICHESS))[:200]
    alone = [sade_ref.verify(g) for g in games]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(sade_ref.verify, games)) == alone


def test_a_chunk_read_with_its_first_game_and_line_gives_the_whole_files_verdicts(
    root: Path,
) -> None:
    text = (root / LICHESS).read_text()
    text += "\n" + (root / FORBIDDEN_CHECK).read_text() + '\n[Event "cut"]\n\n1. e4 Qx9 *\n'
    whole = [sade_ref.verify(g).to_dict() for g in sade_ref.read_games(text, name="a.pgn")]
    lines = text.splitlines(keepends=True)
    # Cut where a game begins: `[Event ` after a blank line (docs/scale.md).
    starts = [
        i for i, line in enumerate(lines) if line.startswith("[Event ") and (i == 0 or not lines[i - 1].strip())
    ]
    cut = starts[len(starts) // 2]
    head, tail = "".join(lines[:cut]), "".join(lines[cut:])
    first = [sade_ref.verify(g).to_dict() for g in sade_ref.read_games(head, name="a.pgn")]
    second = [
        sade_ref.verify(g).to_dict()
        for g in sade_ref.read_games(
            tail, name="a.pgn", first_game=len(first) + 1, first_line=cut + 1
        )
    ]
    assert first + second == whole
    assert whole[-1]["error"]["line"] == len(lines) and whole[-2]["error"]["kind"] == "rule"
    with pytest.raises(ValueError, match="count from 1"):
        list(sade_ref.read_games(tail, first_line=0))
