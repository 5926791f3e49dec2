"""Options: what a player could do in one position, as ``sade-ref options --format json``
gives it (spec/OPTIONS.md, spec/options.schema.json), as frozen dataclasses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ._enums import Color, Termination
from ._record import DictAccess, JsonObject

__all__ = ["Ends", "Line", "Mode", "NoneAnswer", "Options"]


@dataclass(frozen=True, slots=True)
class Ends(JsonObject):
    """The end of the game an option leads to at once."""

    #: The winner; ``None`` for a draw.
    winner: Color | None
    termination: Termination
    #: The Article, ruling or law that ends the game.
    article: str

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Ends:
        """The end of an answer's JSON object."""
        winner = obj["winner"]
        return cls(
            winner=None if winner is None else Color(winner),
            termination=Termination(obj["termination"]),
            article=obj["article"],
        )


def _ends(obj: Mapping[str, Any] | None) -> Ends | None:
    return None if obj is None else Ends.from_dict(obj)


@dataclass(frozen=True, slots=True)
class Line(JsonObject):
    """One option (or one losing way): the actions to write and the end they lead to."""

    #: The actions to write, in SDN, in order (``"e6"``, ``"-Nb8"``, ``"Q@d4"``, ``"--"``).
    actions: tuple[str, ...]
    #: The end of the game it leads to at once; ``None`` when the game goes on.
    ends: Ends | None

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Line:
        """The option of an answer's JSON object."""
        return cls(actions=tuple(obj["actions"]), ends=_ends(obj["ends"]))


@dataclass(frozen=True, slots=True)
class Mode(JsonObject):
    """Faces 1 to 3 in Sade: whose pieces the series moves, and the proof (Art. 12.1)."""

    #: Whose pieces are due, by the count at the roll (R4).
    pieces: Literal["opponent", "own"]
    #: The colour whose pieces move.
    color: Color
    #: The opponent's pieces that can move at the roll, and the face, in one line.
    proof: str
    article: str

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Mode:
        """The mode of an answer's JSON object."""
        pieces = obj["pieces"]
        if pieces not in ("opponent", "own"):
            raise ValueError(f"pieces {pieces!r}: opponent or own")
        return cls(pieces=pieces, color=Color(obj["color"]), proof=obj["proof"], article=obj["article"])


@dataclass(frozen=True, slots=True)
class NoneAnswer(JsonObject):
    """When there is nothing to do but ``--``, or nothing at all: what follows."""

    #: What follows, in an arbiter's words.
    consequence: str
    article: str
    #: The end of the game it is (or was); ``None`` when the game goes on (Sade, face 5).
    ends: Ends | None

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> NoneAnswer:
        """The ``none`` of an answer's JSON object."""
        return cls(consequence=obj["consequence"], article=obj["article"], ends=_ends(obj["ends"]))


@dataclass(frozen=True, slots=True)
class Options(DictAccess):
    """Every option of the player to move in one position, counted, the first ones listed, and
    what follows when there is none. ``to_dict()`` is the object of ``sade-ref options
    --format json``.

    sade_ref 0.1.0 returned that object as a dict: ``answer["count"]`` still works for one
    release, with a ``DeprecationWarning``, and gives what it gave (plain dicts and lists)."""

    #: The version of the answer's shape (1).
    version: int
    #: The rules the position is judged by: ``"Sade"``, ``"Standard"`` or ``"Marseillais"``.
    variant: str
    #: The position (Sade: with the pocket of captured pieces).
    fen: str
    #: The player whose turn it is (the roller, in Sade).
    side: Color
    #: The die face rolled (Sade); ``None`` in the other games and for a game already over.
    face: int | None
    #: Faces 1 to 3: whose pieces the series moves; ``None`` otherwise.
    mode: Mode | None
    #: The options kept (all, the first ``limit``, or none with ``count_only``), in order.
    options: tuple[Line, ...]
    #: How many options there are, listed or not.
    count: int
    #: Sade: the ways to write the turn that lose the game at once (Art. 4.1).
    losing: tuple[Line, ...]
    #: How many losing ways there are, listed or not.
    losing_count: int
    #: When nothing can be done but ``--``, or nothing at all: what follows.
    none: NoneAnswer | None

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Options:
        """The answer of one JSON object of ``sade-ref options --format json``. Raises
        ``KeyError`` or ``ValueError`` for an object that is not one."""
        mode = obj["mode"]
        none = obj["none"]
        return cls(
            version=obj["version"],
            variant=obj["variant"],
            fen=obj["fen"],
            side=Color(obj["side"]),
            face=obj["face"],
            mode=None if mode is None else Mode.from_dict(mode),
            options=tuple(Line.from_dict(line) for line in obj["options"]),
            count=obj["count"],
            losing=tuple(Line.from_dict(line) for line in obj["losing"]),
            losing_count=obj["losing_count"],
            none=None if none is None else NoneAnswer.from_dict(none),
        )
