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

    def __getattr__(self, name: str) -> Any:
        report = object.__getattribute__(self, "_report")
        if name in report:
            return report[name]
        raise AttributeError(f"a verdict has no {name!r}")

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
