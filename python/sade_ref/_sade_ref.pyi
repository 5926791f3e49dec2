"""Type stubs of the Rust extension ``sade_ref._sade_ref`` (python/src). Use it through
``sade_ref``; ``Game`` and ``Turn`` are re-exported there."""

import io
import os
from typing import IO, final

from ._enums import Color
from ._errors import ParseError

__all__ = [
    "Game",
    "GameStream",
    "Turn",
    "options",
    "play",
    "read",
    "stream",
    "verify",
    "verify_many",
]

@final
class Turn:
    """One player's turn of the main line."""

    @property
    def number(self) -> int:
        """The move number."""
    @property
    def side(self) -> Color:
        """Whose turn it is (equal to ``"white"`` or ``"black"``, as in sade_ref 0.1.0)."""
    @property
    def face(self) -> int | None:
        """The die face (Sade), 1 to 6; ``None`` in other games."""
    @property
    def actions(self) -> list[str]:
        """The actions as written in SDN, in order (comments, NAGs, variations left out)."""
    @property
    def label(self) -> str:
        """The turn as ``12.`` or ``12...``."""
    def to_json(self) -> str:
        """The turn as the JSON record writes it (spec/sdn.schema.json)."""

@final
class Game:
    """A game record: tags (``headers``), turns and result; or, when it could not be read,
    the reason (``errors``)."""

    @property
    def headers(self) -> dict[str, str]:
        """The tag pairs in the order written, as a new dict."""
    @property
    def turns(self) -> list[Turn]:
        """The turns of the main line; raises the game's ``ParseError`` if it could not be read."""
    @property
    def variant(self) -> str | None:
        """``Sade``, ``Standard``, ``Marseillais``, ...; ``None`` when unread."""
    @property
    def result(self) -> str | None:
        """The result token closing the movetext, if any."""
    @property
    def errors(self) -> list[ParseError]:
        """Why the game could not be read: ``[]`` or one ``ParseError``."""
    @property
    def file(self) -> str:
        """The input's name, as verdicts give it."""
    @property
    def number(self) -> int:
        """1-based number of the game in its input."""
    def to_sdn(self) -> str:
        """The record as canonical SDN."""
    def to_json(self) -> str:
        """The record as one JSON object (spec/sdn.schema.json)."""
    @staticmethod
    def from_json(text: str, file: str = "<json>") -> Game:
        """The game of one JSON record; raises ``ParseError`` (``bad-json``, ``bad-record``)."""

@final
class GameStream:
    """The games of a file read a window at a time: an iterator of ``Game``."""

    def __iter__(self) -> GameStream: ...
    def __next__(self) -> Game: ...

def read(
    data: bytes, file: str, json: bool = False, first_game: int = 1, first_line: int = 1
) -> list[Game]: ...
def stream(
    source: str | os.PathLike[str] | IO[bytes] | io.BufferedIOBase,
    file: str,
    first_game: int = 1,
    first_line: int = 1,
    window: int | None = None,
) -> GameStream: ...
def verify(game: Game) -> str: ...
def verify_many(games: list[Game], jobs: int | None = None) -> list[str]: ...
def options(
    fen: str,
    face: int | None = None,
    variant: str = "sade",
    limit: int | None = None,
    count_only: bool = False,
) -> str: ...
def play(
    variant: str = "sade",
    white: str = "random",
    black: str = "random",
    seed: int = 0,
    max_turns: int = 200,
    fen: str | None = None,
    number: int = 1,
) -> Game: ...
