"""Verdicts: the referee's answer on one game, as ``sade-ref verify --format json`` gives it."""

from __future__ import annotations

import copy
from typing import Any


class ErrorInfo:
    """The first error of a game: a syntax error (``kind == "syntax"``, the record could not be
    read) or a rule error (``kind == "rule"``, the first illegal action)."""

    __slots__ = (
        "kind",
        "code",
        "reason",
        "article",
        "help",
        "turn",
        "label",
        "side",
        "face",
        "action",
        "line",
        "column",
    )

    def __init__(self, error: dict[str, Any]) -> None:
        for key in self.__slots__:
            setattr(self, key, error.get(key))

    def __repr__(self) -> str:
        return (
            f"<ErrorInfo {self.code} at {self.line}:{self.column}, turn {self.label}"
            f" ({self.side}, face {self.face}), action {self.action}: {self.reason}"
            f" ({self.article})>"
        )


class Verdict:
    """How a game stands: ``status`` is ``"finished"``, ``"unfinished"`` or ``"invalid"``;
    a finished game has its ``winner`` (``"white"``, ``"black"``, ``None`` for a draw),
    ``termination`` and ``article``; an invalid one its ``error``. ``void`` describes actions
    written after the end, ``notes`` what an arbiter should know. ``to_dict()`` is the JSON
    object of ``sade-ref verify --format json`` (spec/verdict.schema.json)."""

    __slots__ = ("_report", "error")

    def __init__(self, report: dict[str, Any]) -> None:
        self._report = report
        error = report.get("error")
        self.error: ErrorInfo | None = ErrorInfo(error) if error is not None else None

    @property
    def version(self) -> int:
        """The version of the report's shape."""
        return self._report["version"]  # type: ignore[no-any-return]

    @property
    def file(self) -> str:
        """The input's name."""
        return self._report["file"]  # type: ignore[no-any-return]

    @property
    def game(self) -> int:
        """1-based number of the game in its input."""
        return self._report["game"]  # type: ignore[no-any-return]

    @property
    def white(self) -> str | None:
        """The White tag."""
        return self._report["white"]  # type: ignore[no-any-return]

    @property
    def black(self) -> str | None:
        """The Black tag."""
        return self._report["black"]  # type: ignore[no-any-return]

    @property
    def variant(self) -> str | None:
        """The game the record was judged as; ``None`` when it could not be read."""
        return self._report["variant"]  # type: ignore[no-any-return]

    @property
    def status(self) -> str:
        """``"finished"``, ``"unfinished"`` or ``"invalid"``."""
        return self._report["status"]  # type: ignore[no-any-return]

    @property
    def winner(self) -> str | None:
        """``"white"``, ``"black"``, or ``None`` (a draw, or no end)."""
        return self._report["winner"]  # type: ignore[no-any-return]

    @property
    def termination(self) -> str | None:
        """How the game ended (``"nakedness"``, ``"checkmate"``, ...)."""
        return self._report["termination"]  # type: ignore[no-any-return]

    @property
    def article(self) -> str | None:
        """The Article that ends the game (``"Art. 9.3"``)."""
        return self._report["article"]  # type: ignore[no-any-return]

    @property
    def result(self) -> str | None:
        """The result as the referee sees it (``"1-0"``)."""
        return self._report["result"]  # type: ignore[no-any-return]

    @property
    def ended_at(self) -> dict[str, Any] | None:
        """Where the game ended: turn, side, face, action."""
        return self._report["ended_at"]  # type: ignore[no-any-return]

    @property
    def dispute(self) -> bool:
        """Whether the written result disagrees with the referee."""
        return self._report["dispute"]  # type: ignore[no-any-return]

    @property
    def dispute_reason(self) -> str | None:
        """Why the written result is disputed."""
        return self._report["dispute_reason"]  # type: ignore[no-any-return]

    @property
    def void(self) -> dict[str, Any] | None:
        """Actions written after the end of the game (R21): how many, from where."""
        return self._report["void"]  # type: ignore[no-any-return]

    @property
    def final_fen(self) -> str | None:
        """The position after the last legal action (Sade: with the pocket)."""
        return self._report["final_fen"]  # type: ignore[no-any-return]

    @property
    def turns(self) -> int | None:
        """Turns replayed."""
        return self._report["turns"]  # type: ignore[no-any-return]

    @property
    def notes(self) -> list[str]:
        """What an arbiter should know."""
        return self._report["notes"]  # type: ignore[no-any-return]

    @property
    def valid(self) -> bool:
        """Whether the record is legal (finished or unfinished, not invalid)."""
        return self._report["status"] != "invalid"

    def to_dict(self) -> dict[str, Any]:
        """The verdict as the JSON object ``verify --format json`` writes for the game."""
        return copy.deepcopy(self._report)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Verdict) and self._report == other._report

    def __repr__(self) -> str:
        r = self._report
        if r["status"] == "finished":
            how = f"{r['winner'] or 'draw'} by {r['termination']} ({r['article']})"
        elif r["status"] == "invalid" and self.error is not None:
            how = f"{self.error.code} at {self.error.line}:{self.error.column}"
        else:
            how = f"after {r['turns']} turns"
        return f"<Verdict {r['file']} #{r['game']} {r['status']}: {how}>"
