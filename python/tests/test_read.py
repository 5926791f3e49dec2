"""read_games and read_game: every kind of source, headers, turns, and games that cannot be read."""

from __future__ import annotations

import bz2
import gzip
import io
from pathlib import Path
from typing import Any, cast

import pytest

import sade_ref

NAKED = (
    '[White "Anne"]\n[Black "Bert"]\n[Variant "Sade"]\n'
    '[FEN "7k/p6p/8/8/8/8/8/1N2K3 w - - 0 1"]\n\n1. 4: -Nb1 Kd2 1-0\n'
)
TWO = '[Event "a"]\n\n1. e4 e5 *\n\n[Event "b"]\n\n1. d4 d5 2. c4 *\n'
BAD_MOVE = '[Event "bad"]\n\n1. e4 Qx9 *\n\n[Event "good"]\n\n1. e4 e5 *\n'


def test_a_text_gives_its_games_in_order_with_headers_and_turns() -> None:
    games = list(sade_ref.read_games(TWO))
    assert [g.headers["Event"] for g in games] == ["a", "b"]
    assert [g.number for g in games] == [1, 2]
    assert all(g.file == "<string>" and g.errors == [] for g in games)
    turns = games[1].turns
    assert [(t.number, t.side, t.label, t.actions) for t in turns] == [
        (1, "white", "1.", ["d4"]),
        (1, "black", "1...", ["d5"]),
        (2, "white", "2.", ["c4"]),
    ]
    assert games[1].result == "*"
    assert games[1].variant == "Standard"


def test_a_sade_turn_has_its_face_and_actions() -> None:
    game = sade_ref.read_game(NAKED)
    assert game is not None
    assert list(game.headers.items()) == [
        ("White", "Anne"),
        ("Black", "Bert"),
        ("Variant", "Sade"),
        ("FEN", "7k/p6p/8/8/8/8/8/1N2K3 w - - 0 1"),
    ]
    [turn] = game.turns
    assert (turn.face, turn.actions, turn.side) == (4, ["-Nb1", "Kd2"], "white")
    assert '"value":4' in turn.to_json()
    assert game.variant == "Sade" and game.result == "1-0"
    assert "Anne-Bert" in repr(game) and "1." in repr(turn)


def test_paths_bytes_and_files_read_the_same_games(tmp_path: Path) -> None:
    path = tmp_path / "two.pgn"
    path.write_text(TWO)
    sources: list[sade_ref.Source] = [
        path,
        str(path),
        TWO.encode(),
        io.StringIO(TWO),
        io.BytesIO(TWO.encode()),
        gzip.compress(TWO.encode()),
        bz2.compress(TWO.encode()),
    ]
    expected = [g.to_sdn() for g in sade_ref.read_games(TWO)]
    for source in sources:
        assert [g.to_sdn() for g in sade_ref.read_games(source)] == expected, source
    assert [g.file for g in sade_ref.read_games(path)] == [str(path)] * 2
    assert next(sade_ref.read_games(TWO, name="x.sdn")).file == "x.sdn"
    assert next(sade_ref.read_games(TWO.encode())).file == "<bytes>"


def test_json_records_are_read_by_their_name_or_format(tmp_path: Path) -> None:
    game = sade_ref.read_game(NAKED)
    assert game is not None
    lines = game.to_json() + "\n" + game.to_json() + "\n"
    path = tmp_path / "games.jsonl"
    path.write_text(lines)
    by_name = list(sade_ref.read_games(path))
    by_format = list(sade_ref.read_games(lines, format="json"))
    assert [g.to_sdn() for g in by_name] == [game.to_sdn()] * 2
    assert [g.to_sdn() for g in by_format] == [game.to_sdn()] * 2


def test_a_game_that_cannot_be_read_carries_its_error_and_reading_goes_on() -> None:
    bad, good = sade_ref.read_games(BAD_MOVE)
    [error] = bad.errors
    assert isinstance(error, sade_ref.ParseError) and isinstance(error, ValueError)
    assert (error.code, error.line, error.column) == ("bad-move", 3, 7)
    assert (error.turn, error.label, error.side, error.action) == (1, "1...", "black", 1)
    assert error.file == "<string>" and error.game == 1
    assert "`Qx9` is not a move" in str(error) and "<string>:3:7" in str(error)
    assert bad.headers == {} and bad.variant is None and "unread" in repr(bad)
    with pytest.raises(sade_ref.ParseError):
        bad.turns
    with pytest.raises(sade_ref.ParseError):
        bad.to_sdn()
    with pytest.raises(sade_ref.ParseError):
        bad.to_json()
    assert good.errors == [] and good.headers["Event"] == "good"


def test_strict_reading_raises_the_first_error() -> None:
    with pytest.raises(sade_ref.ParseError) as raised:
        list(sade_ref.read_games(BAD_MOVE, strict=True))
    assert raised.value.code == "bad-move"
    with pytest.raises(sade_ref.ParseError):
        sade_ref.read_game(BAD_MOVE)


def test_an_empty_text_has_no_game() -> None:
    assert list(sade_ref.read_games("")) == []
    assert sade_ref.read_game("") is None


def test_what_is_no_source_is_refused() -> None:
    with pytest.raises(TypeError, match="not int"):
        list(sade_ref.read_games(cast(Any, 42)))
    with pytest.raises(ValueError, match="format"):
        list(sade_ref.read_games(TWO, format="xml"))
    with pytest.raises(FileNotFoundError):
        list(sade_ref.read_games(Path("/nonexistent/games.sdn")))
    with pytest.raises(FileNotFoundError):
        list(sade_ref.read_games("/nonexistent/games.pgn.gz"))
    with pytest.raises(ValueError, match="zstd"):
        list(sade_ref.read_games(b"\x28\xb5\x2f\xfd\x00\x00"))
