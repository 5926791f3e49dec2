"""sade_ref: the sade-ref referee for Python.

Read Marquis de Sade, Marseillais and Standard chess records (SDN, PGN or JSON), verify them
by the rules, list a player's options, and let bots play. The work is done in Rust: the same
referee as the ``sade-ref`` command, with the same verdicts.

>>> import sade_ref
>>> text = '[Variant "Sade"]\\n[FEN "7k/p6p/8/8/8/8/8/1N2K3 w - - 0 1"]\\n\\n1. 4: -Nb1 1-0\\n'
>>> game = next(sade_ref.read_games(text))
>>> verdict = sade_ref.verify(game)
>>> verdict.status, verdict.winner, verdict.termination, verdict.article
(<Status.FINISHED: 'finished'>, <Color.WHITE: 'white'>, <Termination.NAKEDNESS: 'nakedness'>, 'Art. 9.3')
>>> verdict.status == sade_ref.Status.FINISHED == "finished"
True

Verdicts (``Verdict``), their errors (``ErrorInfo``, and the exception ``ParseError``) and the
answers of ``options`` (``Options``) are typed: frozen dataclasses, with the enums ``Status``,
``Termination`` and ``Color``. ``to_dict()`` gives the JSON object of the ``sade-ref`` command.

Compatibility with sade_ref 0.1.0, for one release: the enums are ``enum.StrEnum``s, equal to
the strings 0.1.0 gave (``verdict.status == "finished"``, ``str(verdict.winner) == "white"``);
the answer of ``options`` and ``Verdict.void`` and ``Verdict.ended_at``, which were dicts, still
answer ``obj["key"]`` with what the dict held, and a ``DeprecationWarning``.
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import os
from collections.abc import Iterable, Iterator
from typing import IO, Union

from . import _sade_ref
from ._enums import Color, Status, Termination
from ._errors import ParseError
from ._options import Ends, Line, Mode, NoneAnswer, Options
from ._sade_ref import Game, Turn
from ._verdict import ErrorInfo, Locator, Verdict, Void

__all__ = [
    "Color",
    "Ends",
    "ErrorInfo",
    "Game",
    "Line",
    "Locator",
    "Mode",
    "NoneAnswer",
    "Options",
    "ParseError",
    "Status",
    "Termination",
    "Turn",
    "Verdict",
    "Void",
    "options",
    "play",
    "read_game",
    "read_games",
    "stream_games",
    "verify",
    "verify_many",
]

Source = Union[str, bytes, "os.PathLike[str]", IO[str], IO[bytes]]

_JSON_SUFFIXES = (".json", ".jsonl")
_COMPRESSED_SUFFIXES = (".gz", ".zst", ".zstd", ".bz2")


def _is_json_name(name: str) -> bool:
    for suffix in _COMPRESSED_SUFFIXES:
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return name.endswith(_JSON_SUFFIXES)


def _decompress(data: bytes, name: str) -> bytes:
    """Reads gzip and bzip2 inputs by their magic bytes, as the command does."""
    if data[:2] == b"\x1f\x8b":
        return gzip.decompress(data)
    if data[:3] == b"BZh":
        return bz2.decompress(data)
    if data[:4] == b"\x28\xb5\x2f\xfd":
        raise ValueError(
            f"{name}: a zstd archive: decompress it first (zstdcat), or verify it with the"
            " sade-ref command"
        )
    return data


_RECORD_SUFFIXES = (".sdn", ".pgn", ".json", ".jsonl")


def _is_path(source: str) -> bool:
    """Whether a str names a file: one line that is an existing file, or that ends as a record
    file's name does (a missing file is then an error, never read as a text)."""
    if "\n" in source:
        return False
    name = source.strip()
    for suffix in _COMPRESSED_SUFFIXES:
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return os.path.isfile(source) or name.lower().endswith(_RECORD_SUFFIXES)


def _input(source: Source, name: str | None) -> tuple[bytes, str]:
    """The bytes of a source and its name."""
    if isinstance(source, os.PathLike) or (isinstance(source, str) and _is_path(source)):
        path = os.fspath(source)
        with open(path, "rb") as f:
            data = f.read()
        label = name if name is not None else str(path)
        return _decompress(data, label), label
    if isinstance(source, str):
        return source.encode("utf-8"), name if name is not None else "<string>"
    if isinstance(source, (bytes, bytearray, memoryview)):
        label = name if name is not None else "<bytes>"
        return _decompress(bytes(source), label), label
    if hasattr(source, "read"):
        content = source.read()
        label = name if name is not None else str(getattr(source, "name", "<stream>"))
        if isinstance(content, str):
            return content.encode("utf-8"), label
        return _decompress(bytes(content), label), label
    raise TypeError(
        f"read_games reads a text (str), bytes, a path or a file object, not {type(source).__name__}"
    )


def read_games(
    source: Source,
    *,
    name: str | None = None,
    format: str | None = None,
    strict: bool = False,
    first_game: int = 1,
    first_line: int = 1,
) -> Iterator[Game]:
    """Yields the games of ``source``: a text, bytes, a path (``pathlib.Path``, or a one-line ``str``
    naming an existing file or ending in ``.sdn``, ``.pgn``, ``.json`` or ``.jsonl``) or an open file. SDN and PGN are read; JSON records too when the
    name ends in ``.json`` or ``.jsonl`` or ``format="json"``. gzip and bzip2 are decompressed.

    ``name`` is the input's name in verdicts (default: the path, or ``"<string>"``).

    As python-chess does, a game that cannot be read is still yielded, with its ``errors``
    (one ``ParseError``); reading goes on with the next game. With ``strict=True`` the first
    such error is raised instead.

    A chunk of a larger file (cut where a game begins, docs/scale.md) gives the whole file's
    game numbers and lines with ``first_game`` and ``first_line``: the number of its first game
    and of its first line in the file, as ``sade-ref verify --first-game --first-line`` does.
    """
    if format not in (None, "sdn", "pgn", "json"):
        raise ValueError(f"format={format!r}: sdn, pgn or json")
    data, label = _input(source, name)
    as_json = format == "json" or (format is None and _is_json_name(label))
    for game in _sade_ref.read(data, label, as_json, first_game, first_line):
        if strict and game.errors:
            raise game.errors[0]
        yield game


def _decompressing(magic: bytes, opened: IO[bytes] | str, name: str) -> IO[bytes] | io.BufferedIOBase | str:
    """A path or an open binary file, read through gzip or bzip2 when ``magic`` (its first bytes)
    says so, as the command does."""
    if magic[:2] == b"\x1f\x8b":
        return gzip.GzipFile(opened) if isinstance(opened, str) else gzip.GzipFile(fileobj=opened)
    if magic[:3] == b"BZh":
        return bz2.BZ2File(opened)
    if magic[:4] == b"\x28\xb5\x2f\xfd":
        raise ValueError(
            f"{name}: a zstd archive: decompress it first (zstdcat), or verify it with the"
            " sade-ref command"
        )
    return opened


def stream_games(
    source: Union[str, "os.PathLike[str]", IO[bytes]],
    *,
    name: str | None = None,
    strict: bool = False,
    first_game: int = 1,
    first_line: int = 1,
    window: int | None = None,
) -> Iterator[Game]:
    """Yields the games of a file of SDN or PGN records read a window at a time, so that a file
    larger than memory is read game by game: memory holds a window (512 KiB, or ``window``
    bytes; a game longer than that is still read whole) and the games you keep. ``source`` is a
    path (``str`` or ``os.PathLike``), read without the GIL, or a binary file object (its
    ``read(n)`` gives bytes). gzip and bzip2 are decompressed (a file object, when it has
    ``peek``, as ``open(path, "rb")`` gives, or can seek back).

    The games, their numbers and their errors (file, line and column) are those ``read_games``
    gives for the whole file: a game that cannot be read is yielded with its ``errors`` and
    reading goes on (``strict=True`` raises the first such error instead); a read that fails
    raises its error after the games before it. ``name``, ``first_game`` and ``first_line`` are
    as in ``read_games``. The file is opened (and a missing one raises) when this is called.
    The byte spans of ``Game.to_json()`` count from the start of the window a game was read
    from, not of the file.
    """
    reader: IO[bytes] | io.BufferedIOBase | str
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        label = name if name is not None else str(path)
        with open(path, "rb") as f:
            magic = f.read(4)
        reader = _decompressing(magic, path, label)
    elif hasattr(source, "read"):
        label = name if name is not None else str(getattr(source, "name", "<stream>"))
        peek = getattr(source, "peek", None)
        seekable = getattr(source, "seekable", None)
        if callable(peek):
            magic = peek(4)[:4]
        elif callable(seekable) and seekable():
            at = source.tell()
            magic = source.read(4)
            source.seek(at)
        else:
            magic = b""
        reader = _decompressing(magic, source, label)
    else:
        raise TypeError(
            f"stream_games reads a path or a binary file object, not {type(source).__name__}"
        )
    games = _sade_ref.stream(reader, label, first_game, first_line, window)
    if not strict:
        return games
    return _strictly(games)


def _strictly(games: Iterator[Game]) -> Iterator[Game]:
    """The games, the first error raised instead of its game."""
    for game in games:
        if game.errors:
            raise game.errors[0]
        yield game


def read_game(source: Source, *, name: str | None = None, format: str | None = None) -> Game | None:
    """The first game of ``source`` (see ``read_games``), or ``None`` when it holds none.
    Raises ``ParseError`` if that game cannot be read."""
    for game in read_games(source, name=name, format=format, strict=True):
        return game
    return None


def verify(game: Game) -> Verdict:
    """Referees ``game``: who won, how and by which Article, or the first illegal action and
    why. The GIL is released while the game is verified."""
    return Verdict.from_dict(json.loads(_sade_ref.verify(game)))


def verify_many(games: Iterable[Game], jobs: int | None = None) -> list[Verdict]:
    """The verdicts on ``games``, in their order, verified in parallel on ``jobs`` threads
    (1 to 256; default: one per core) without the GIL, as ``sade-ref verify --jobs N`` does."""
    return [Verdict.from_dict(json.loads(line)) for line in _sade_ref.verify_many(list(games), jobs)]


def options(
    fen: str,
    face: int | None = None,
    *,
    variant: str = "sade",
    limit: int | None = None,
    count_only: bool = False,
) -> Options:
    """Every option of the player to move in ``fen`` (Sade: having rolled ``face``, 1 to 6;
    a pocket of captured pieces may follow the placement, ``[Qrn]``): the fulfilments, each
    with the end of the game it leads to, the ways that lose at once, and what follows when
    there is none; ``to_dict()`` is the object of ``sade-ref options --format json``
    (spec/options.schema.json). ``variant`` is ``"sade"``, ``"standard"`` or ``"marseillais"``.
    ``limit`` keeps the first options, ``count_only`` none (``count`` counts them all). Raises
    ``ValueError`` for a position or a face the referee refuses.

    sade_ref 0.1.0 returned that object as a dict; ``answer["count"]`` still works for one
    release, with a ``DeprecationWarning``."""
    return Options.from_dict(json.loads(_sade_ref.options(fen, face, variant, limit, count_only)))


def play(
    variant: str = "sade",
    *,
    white: str = "novice",
    black: str = "novice",
    seed: int = 0,
    max_turns: int = 200,
    fen: str | None = None,
    number: int = 1,
) -> Game:
    """A game between two bots (the levels ``"novice"``, ``"beginner"``, ``"casual"``,
    ``"club"``; ``"random"`` and ``"greedy"`` are novice and beginner) in ``variant`` (``"sade"``,
    ``"marseillais"``, ``"marseillais-classical"``, ``"standard"``), the same game as game
    ``number`` of ``sade-ref play --seed SEED``."""
    return _sade_ref.play(variant, white, black, seed, max_turns, fen, number)


