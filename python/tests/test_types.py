"""The typed API: the enums (and their equality with the strings of sade_ref 0.1.0), the frozen
classes of verdicts, errors and options, and the dict access kept for one release."""

from __future__ import annotations

import dataclasses
import json
from enum import StrEnum
from pathlib import Path
from typing import Any, cast

import pytest
from support import run_cli

import sade_ref
from sade_ref import Color, Status, Termination

NAKED = '[Variant "Sade"]\n[FEN "7k/p6p/8/8/8/8/8/1N2K3 w - - 0 1"]\n\n1. 4: -Nb1 Kd2 1-0\n'
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


def naked_verdict() -> sade_ref.Verdict:
    game = sade_ref.read_game(NAKED)
    assert game is not None
    return sade_ref.verify(game)


def test_the_enums_hold_the_strings_of_the_schemas(root: Path) -> None:
    verdict = json.loads((root / "spec" / "verdict.schema.json").read_text())["properties"]
    options = json.loads((root / "spec" / "options.schema.json").read_text())["$defs"]
    assert [s.value for s in Status] == verdict["status"]["enum"]
    assert [t.value for t in Termination] + [None] == verdict["termination"]["enum"]
    assert [c.value for c in Color] + [None] == verdict["winner"]["enum"]
    assert [c.value for c in Color] == options["color"]["enum"]
    assert set(options["ends"]["properties"]["termination"]["enum"]) <= set(Termination)


def test_members_equal_and_print_as_the_old_strings() -> None:
    old: list[tuple[StrEnum, str]] = [
        (Status.FINISHED, "finished"),
        (Status.INVALID, "invalid"),
        (Termination.SWEET_STALEMATE, "sweet-stalemate"),
        (Termination.SEVENTY_FIVE_MOVE_RULE, "seventy-five-move-rule"),
        (Color.BLACK, "black"),
    ]
    for member, string in old:
        assert member == string and string == member and not member != string
        assert member != "finished" or string == "finished"
    members: list[StrEnum] = [*Status, *Termination, *Color]
    for member in members:
        assert str(member) == member.value and f"{member}" == member.value
        assert isinstance(member, str) and hash(member) == hash(member.value)
    assert {"white": 1}[Color.WHITE] == 1
    assert json.dumps([Status.UNFINISHED, Color.WHITE]) == '["unfinished", "white"]'
    assert Status("invalid") is Status.INVALID
    with pytest.raises(ValueError):
        Termination("resigned")


def test_a_verdict_is_typed_and_frozen() -> None:
    verdict = naked_verdict()
    assert verdict.status is Status.FINISHED
    assert verdict.winner is Color.WHITE
    assert verdict.termination is Termination.NAKEDNESS
    assert verdict.void is not None and verdict.void.from_.side is Color.WHITE
    assert verdict.ended_at is not None and verdict.ended_at.side is Color.WHITE
    assert isinstance(verdict.notes, tuple)
    # The old strings still hold, compared and printed.
    assert (verdict.status, verdict.winner, verdict.termination) == ("finished", "white", "nakedness")
    assert f"{verdict.winner} by {verdict.termination}" == "white by nakedness"
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(verdict, "status", Status.INVALID)
    assert hash(verdict) == hash(naked_verdict()) and verdict == naked_verdict()


def test_a_verdict_reads_back_from_its_dict_in_the_commands_key_order(cli: Path) -> None:
    game = sade_ref.read_game(NAKED, name="naked.sdn")
    assert game is not None
    verdict = sade_ref.verify(game)
    again = sade_ref.Verdict.from_dict(verdict.to_dict())
    assert again == verdict and again.to_dict() == verdict.to_dict()
    line = run_cli(cli, "verify", "--format", "json", "-", ok=(0,), input=NAKED)
    expected = json.loads(line.replace('"file":"-"', '"file":"naked.sdn"'))
    assert list(verdict.to_dict()) == list(expected) and verdict.to_dict() == expected
    assert list(verdict.to_dict()["void"]["from"]) == list(expected["void"]["from"])
    broken = verdict.to_dict() | {"status": "won"}
    with pytest.raises(ValueError):
        sade_ref.Verdict.from_dict(broken)


def test_errors_are_typed_and_a_parse_error_is_its_verdicts_error(root: Path) -> None:
    game = sade_ref.read_game(root / "corpus/rules/sade/face1_check_invalid.sdn")
    assert game is not None
    error = sade_ref.verify(game).error
    assert isinstance(error, sade_ref.ErrorInfo)
    assert error.kind == "rule" and error.side == "white" and error.side is Color.WHITE
    assert sade_ref.ErrorInfo.from_dict(error.to_dict()) == error
    [bad] = sade_ref.read_games("1. e4 Qx9 *\n", name="bad.pgn")
    [parse_error] = bad.errors
    assert parse_error.side == "black" and parse_error.side is Color.BLACK
    assert parse_error.info == sade_ref.verify(bad).error
    assert parse_error.info.kind == "syntax" and parse_error.info.code == parse_error.code
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(error, "code", "other")


def test_turns_give_their_side_as_a_color() -> None:
    game = sade_ref.read_game("1. e4 e5 *\n")
    assert game is not None
    sides = [turn.side for turn in game.turns]
    assert sides == [Color.WHITE, Color.BLACK] and sides == ["white", "black"]
    assert all(isinstance(side, Color) for side in sides)


def test_options_are_typed_and_read_back_from_their_dict() -> None:
    answer = sade_ref.options(START, 1)
    assert isinstance(answer, sade_ref.Options) and answer.side is Color.WHITE
    assert answer.mode is not None and answer.mode.color is Color.BLACK
    assert all(isinstance(line, sade_ref.Line) for line in answer.options)
    assert sade_ref.Options.from_dict(answer.to_dict()) == answer
    mate = sade_ref.options(MATE_IN_ONE, variant="standard")
    [ends] = [line.ends for line in mate.options if line.ends is not None]
    assert ends == sade_ref.Ends(winner=Color.WHITE, termination=Termination.CHECKMATE, article=ends.article)
    over = sade_ref.options("7k/8/8/8/8/8/8/K7 w - - 0 1", variant="standard")
    assert over.count == 0 and over.none is not None
    assert isinstance(over.none, sade_ref.NoneAnswer) and over.none.ends is not None
    assert over.none.ends.termination is Termination.INSUFFICIENT_MATERIAL
    assert over.none.ends.winner is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(answer, "count", 0)


def test_what_were_dicts_still_answer_dict_access_with_a_warning() -> None:
    answer = sade_ref.options(MATE_IN_ONE, variant="standard")
    old = answer.to_dict()
    with pytest.warns(DeprecationWarning, match=r"Options\['options'\].*\.options"):
        lines = answer["options"]
    # What the dict of 0.1.0 held: plain lists and dicts, strings for colours.
    assert lines == old["options"] and isinstance(lines[0], dict)
    assert [line["ends"]["winner"] for line in lines if line["ends"]] == ["white"]
    with pytest.warns(DeprecationWarning):
        assert answer["count"] == answer.count
    verdict = naked_verdict()
    assert verdict.void is not None and verdict.ended_at is not None
    with pytest.warns(DeprecationWarning, match=r"\.from_"):
        assert verdict.void["from"]["side"] == "white"
    with pytest.warns(DeprecationWarning):
        assert verdict.ended_at["side"] == "white"
    with pytest.warns(DeprecationWarning), pytest.raises(KeyError):
        answer["no-such-key"]
    # A verdict was never a dict.
    with pytest.raises(TypeError):
        cast(Any, verdict)["status"]
