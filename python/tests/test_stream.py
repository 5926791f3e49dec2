"""stream_games: a file read a window at a time, game by game, as read_games reads it whole."""

from __future__ import annotations

import bz2
import gzip
import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

import pytest

import sade_ref

GOOD = (
    '[Event "g{n}"]\n[White "W{n}"]\n[Black "B{n}"]\n\n'
    "1. e4 e5 2. Nf3 {{a comment\nover two lines}} Nc6 *\n\n"
)
BAD = '[Event "g{n}"]\n\n1. d4 d5\n2. c4 Qx9 *\n\n'
GAMES = 25
BAD_GAME = 12


def many() -> tuple[str, int]:
    """A file of 25 games whose 12th cannot be read, and the line of its error."""
    text, bad_line = "", 0
    for n in range(1, GAMES + 1):
        if n == BAD_GAME:
            bad_line = text.count("\n") + 4
        text += (BAD if n == BAD_GAME else GOOD).format(n=n)
    return text, bad_line


@pytest.fixture
def games_file(tmp_path: Path) -> Path:
    path = tmp_path / "many.pgn"
    path.write_text(many()[0])
    return path


def test_a_file_is_read_game_by_game_with_the_error_located_and_the_rest_read(
    games_file: Path,
) -> None:
    _, bad_line = many()
    games = list(sade_ref.stream_games(games_file, window=64))
    assert [g.number for g in games] == list(range(1, GAMES + 1))
    assert all(g.file == str(games_file) for g in games)
    [error] = games[BAD_GAME - 1].errors
    assert (error.code, error.line, error.column) == ("bad-move", bad_line, 7)
    assert (error.file, error.game, error.label) == (str(games_file), BAD_GAME, "2...")
    assert f"{games_file}:{bad_line}:7" in str(error)
    rest = [g for g in games if g.number != BAD_GAME]
    assert all(g.errors == [] for g in rest)
    events = [f"g{n}" for n in range(1, GAMES + 1) if n != BAD_GAME]
    assert [g.headers["Event"] for g in rest] == events
    assert [len(g.turns) for g in rest] == [4] * (GAMES - 1)


def test_the_games_and_verdicts_are_those_of_read_games(games_file: Path) -> None:
    whole = list(sade_ref.read_games(games_file))
    for window in (1, 64, 1000, None):
        streamed = list(sade_ref.stream_games(str(games_file), window=window))
        assert [g.to_sdn() for g in streamed if not g.errors] == [
            g.to_sdn() for g in whole if not g.errors
        ]
        assert [v.to_dict() for v in sade_ref.verify_many(streamed)] == [
            v.to_dict() for v in sade_ref.verify_many(whole)
        ], window


def summary(games: Iterable[sade_ref.Game]) -> list[tuple[int, str | None, list[int]]]:
    return [(g.number, g.headers.get("Event"), [e.line for e in g.errors]) for g in games]


def test_file_objects_and_compressed_files_read_the_same_games(
    tmp_path: Path, games_file: Path
) -> None:
    data = games_file.read_bytes()
    gz = tmp_path / "many.pgn.gz"
    gz.write_bytes(gzip.compress(data))
    bz = tmp_path / "many.pgn.bz2"
    bz.write_bytes(bz2.compress(data))
    expected = summary(sade_ref.stream_games(games_file))
    with open(games_file, "rb") as plain, open(gz, "rb") as gz_file:
        sources: list[Any] = [
            plain,
            gz_file,
            io.BytesIO(data),
            io.BytesIO(gzip.compress(data)),
            gz,
            bz,
        ]
        for source in sources:
            got = summary(sade_ref.stream_games(source, name="x.pgn", window=100))
            assert got == expected, source
    with open(games_file, "rb") as f:
        assert next(sade_ref.stream_games(f)).file == str(games_file)


def test_a_chunk_numbers_its_games_and_lines_as_the_whole_file(games_file: Path) -> None:
    _, bad_line = many()
    games = list(sade_ref.stream_games(games_file, first_game=101, first_line=1001))
    assert games[0].number == 101
    [error] = games[BAD_GAME - 1].errors
    assert (error.game, error.line) == (100 + BAD_GAME, 1000 + bad_line)


def test_strict_reading_raises_at_the_game_that_cannot_be_read(games_file: Path) -> None:
    read = []
    with pytest.raises(sade_ref.ParseError) as raised:
        for game in sade_ref.stream_games(games_file, strict=True, window=64):
            read.append(game.number)
    assert read == list(range(1, BAD_GAME))
    assert raised.value.code == "bad-move" and raised.value.game == BAD_GAME


class Failing(io.BytesIO):
    """A file that fails once its first `limit` bytes are read."""

    def __init__(self, data: bytes, limit: int) -> None:
        super().__init__(data)
        self.limit = limit

    def read(self, size: int | None = -1) -> bytes:
        left = self.limit - self.tell()
        if left <= 0:
            raise OSError("the disk is gone")
        return super().read(left if size is None or size < 0 else min(size, left))


def test_a_read_that_fails_raises_after_the_games_before_it() -> None:
    text, _ = many()
    cut = text.index('[Event "g5"]') + 3
    read = []
    with pytest.raises(OSError, match="the disk is gone"):
        for game in sade_ref.stream_games(Failing(text.encode(), cut), window=32):
            read.append(game.headers["Event"])
    assert read == ["g1", "g2", "g3", "g4"]


def test_what_cannot_be_streamed_is_refused_at_once(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="not int"):
        sade_ref.stream_games(cast(Any, 42))
    with pytest.raises(FileNotFoundError):
        sade_ref.stream_games(tmp_path / "missing.pgn")
    with pytest.raises(ValueError, match="zstd"):
        sade_ref.stream_games(io.BytesIO(b"\x28\xb5\x2f\xfd\x00\x00"))
    empty = tmp_path / "empty.pgn"
    empty.write_text("")
    assert list(sade_ref.stream_games(empty)) == []
    with pytest.raises(ValueError, match="window"):
        sade_ref.stream_games(empty, window=0)
    with pytest.raises(ValueError, match="count from 1"):
        sade_ref.stream_games(empty, first_line=0)
