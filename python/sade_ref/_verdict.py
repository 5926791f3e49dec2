"""Verdicts: the referee's answer on one game, as ``sade-ref verify --format json`` gives it
(spec/VERDICT.md, spec/verdict.schema.json), as frozen dataclasses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ._enums import Color, Status, Termination
from ._record import DictAccess, JsonObject

__all__ = ["ErrorInfo", "Locator", "Verdict", "Void"]


def _color(value: str | None) -> Color | None:
    return None if value is None else Color(value)


@dataclass(frozen=True, slots=True)
class Locator(DictAccess):
    """A place in a game: where it ended (``Verdict.ended_at``) or where its void actions
    begin (``Void.from_``). A dict in sade_ref 0.1.0: ``locator["side"]`` still works, with a
    ``DeprecationWarning``, for one release."""

    #: 0-based index of the turn in the record; ``None`` in the start position.
    turn_index: int | None
    #: The turn as the referee counts it (R18): ``"12."`` or ``"12..."``.
    turn: str | None
    #: The player whose turn it is (R13).
    side: Color | None
    #: The die face (Sade), 1 to 6.
    face: int | None
    #: 1-based action; 0 for the turn as a whole.
    action: int
    #: Whether the place is the start position.
    start_position: bool

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Locator:
        """The locator of a verdict's JSON object."""
        return cls(
            turn_index=obj["turn_index"],
            turn=obj["turn"],
            side=_color(obj["side"]),
            face=obj["face"],
            action=obj["action"],
            start_position=obj["start_position"],
        )


@dataclass(frozen=True, slots=True)
class Void(DictAccess):
    """The actions written after the end of the game, which are not judged (R21). A dict in
    sade_ref 0.1.0: ``void["actions"]`` still works, with a ``DeprecationWarning``, for one
    release."""

    #: How many actions.
    actions: int
    #: How many turns they stand in.
    turns: int
    #: The first of them (``"from"`` in JSON).
    from_: Locator

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Void:
        """The void actions of a verdict's JSON object."""
        return cls(actions=obj["actions"], turns=obj["turns"], from_=Locator.from_dict(obj["from"]))


@dataclass(frozen=True, slots=True)
class ErrorInfo(JsonObject):
    """The first error of a game: a syntax error (``kind == "syntax"``, the record could not be
    read) or a rule error (``kind == "rule"``, the first illegal action)."""

    #: ``"syntax"`` (the record could not be read) or ``"rule"`` (an illegal action).
    kind: Literal["syntax", "rule"]
    #: The error's stable code: ``bad-move``, ``forbidden-check``, ...
    code: str
    #: What is wrong, in an arbiter's words.
    reason: str
    #: The Article, ruling or law broken: ``"R1"``, ``"Art. 6"``, ``"SDN syntax"``.
    article: str | None
    #: How to write it right, where the referee knows.
    help: str | None
    #: The move number of the turn.
    turn: int | None
    #: The turn as ``"12."`` or ``"12..."``.
    label: str | None
    #: The player whose turn it is.
    side: Color | None
    #: The die face (Sade).
    face: int | None
    #: 1-based action in the turn.
    action: int | None
    #: 1-based line in the whole input.
    line: int
    #: 1-based column, in characters.
    column: int

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> ErrorInfo:
        """The error of a verdict's JSON object."""
        kind = obj["kind"]
        if kind not in ("syntax", "rule"):
            raise ValueError(f"error kind {kind!r}: syntax or rule")
        return cls(
            kind=kind,
            code=obj["code"],
            reason=obj["reason"],
            article=obj["article"],
            help=obj["help"],
            turn=obj["turn"],
            label=obj["label"],
            side=_color(obj["side"]),
            face=obj["face"],
            action=obj["action"],
            line=obj["line"],
            column=obj["column"],
        )

    def __repr__(self) -> str:
        return (
            f"<ErrorInfo {self.code} at {self.line}:{self.column}, turn {self.label}"
            f" ({self.side}, face {self.face}), action {self.action}: {self.reason}"
            f" ({self.article})>"
        )


@dataclass(frozen=True, slots=True)
class Verdict(JsonObject):
    """How a game stands: ``status`` is ``Status.FINISHED``, ``UNFINISHED`` or ``INVALID``;
    a finished game has its ``winner`` (a ``Color``, ``None`` for a draw), ``termination``
    and ``article``; an invalid one its ``error``. ``void`` describes actions written after
    the end, ``notes`` what an arbiter should know. ``to_dict()`` is the JSON object of
    ``sade-ref verify --format json`` (spec/verdict.schema.json).

    The enums compare equal to the strings sade_ref 0.1.0 gave (``verdict.status ==
    "finished"``) for one release."""

    #: The version of the report's shape (2).
    version: int
    #: The input's name.
    file: str
    #: 1-based number of the game in its input.
    game: int
    #: The White tag.
    white: str | None
    #: The Black tag.
    black: str | None
    #: The game the record was judged as (``"Sade"``); ``None`` when it could not be read.
    variant: str | None
    #: How the game stands: finished, unfinished or invalid.
    status: Status
    #: The winner; ``None`` for a draw, or a game that has not ended.
    winner: Color | None
    #: How the game ended.
    termination: Termination | None
    #: The Article that ends the game (``"Art. 9.3"``).
    article: str | None
    #: The result as the referee sees it (``"1-0"``).
    result: str | None
    #: Where the game ended, for a game a rule ended.
    ended_at: Locator | None
    #: The first error of an invalid game.
    error: ErrorInfo | None
    #: Whether the written result disagrees with the referee.
    dispute: bool
    #: Why the written result is disputed.
    dispute_reason: str | None
    #: Actions written after the end of the game (R21).
    void: Void | None
    #: The position after the last legal action (Sade: with the pocket).
    final_fen: str | None
    #: Turns replayed.
    turns: int | None
    #: What an arbiter should know.
    notes: tuple[str, ...]

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> Verdict:
        """The verdict of one JSON object of ``sade-ref verify --format json``. Raises
        ``KeyError`` or ``ValueError`` for an object that is not one."""
        termination = obj["termination"]
        ended_at = obj["ended_at"]
        error = obj["error"]
        void = obj["void"]
        return cls(
            version=obj["version"],
            file=obj["file"],
            game=obj["game"],
            white=obj["white"],
            black=obj["black"],
            variant=obj["variant"],
            status=Status(obj["status"]),
            winner=_color(obj["winner"]),
            termination=None if termination is None else Termination(termination),
            article=obj["article"],
            result=obj["result"],
            ended_at=None if ended_at is None else Locator.from_dict(ended_at),
            error=None if error is None else ErrorInfo.from_dict(error),
            dispute=obj["dispute"],
            dispute_reason=obj["dispute_reason"],
            void=None if void is None else Void.from_dict(void),
            final_fen=obj["final_fen"],
            turns=obj["turns"],
            notes=tuple(obj["notes"]),
        )

    @property
    def valid(self) -> bool:
        """Whether the record is legal (finished or unfinished, not invalid)."""
        return self.status != Status.INVALID

    def __repr__(self) -> str:
        if self.status == Status.FINISHED:
            how = f"{self.winner or 'draw'} by {self.termination} ({self.article})"
        elif self.status == Status.INVALID and self.error is not None:
            how = f"{self.error.code} at {self.error.line}:{self.error.column}"
        else:
            how = f"after {self.turns} turns"
        return f"<Verdict {self.file} #{self.game} {self.status}: {how}>"
