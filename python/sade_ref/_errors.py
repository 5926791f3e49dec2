"""The exceptions of sade_ref."""

from __future__ import annotations

import json
from typing import Any


class ParseError(ValueError):
    """A game that could not be read: bad SDN or PGN (``code`` is the reader's error kind, such
    as ``bad-move-token``), or a JSON text that is not a record (``bad-json``, ``bad-record``).

    It carries what ``sade-ref verify --format json`` says of the error: where it stands
    (``line`` and ``column``, 1-based, in the whole input), and, where the notation tells, the
    ``turn``, the ``side`` whose turn it is, the die ``face`` and the ``action``.
    """

    code: str
    reason: str
    article: str
    help: str | None
    line: int
    column: int
    turn: int | None
    label: str | None
    side: str | None
    face: int | None
    action: int | None
    file: str
    game: int

    def __init__(
        self,
        reason: str,
        *,
        code: str,
        line: int,
        column: int,
        file: str = "<string>",
        game: int = 1,
        article: str = "SDN syntax",
        help: str | None = None,
        turn: int | None = None,
        label: str | None = None,
        side: str | None = None,
        face: int | None = None,
        action: int | None = None,
    ) -> None:
        super().__init__(f"{file}:{line}:{column}: game {game}: {reason} [{code}]")
        self.reason = reason
        self.code = code
        self.line = line
        self.column = column
        self.file = file
        self.game = game
        self.article = article
        self.help = help
        self.turn = turn
        self.label = label
        self.side = side
        self.face = face
        self.action = action

    @classmethod
    def _from_report(cls, error_json: str, file: str, game: int) -> ParseError:
        """The exception for the ``error`` object of a verify report."""
        error: dict[str, Any] = json.loads(error_json) or {}
        return cls(
            error.get("reason", "the game could not be read"),
            code=error.get("code", "unknown"),
            line=error.get("line", 0),
            column=error.get("column", 0),
            file=file,
            game=game,
            article=error.get("article", "SDN syntax"),
            help=error.get("help"),
            turn=error.get("turn"),
            label=error.get("label"),
            side=error.get("side"),
            face=error.get("face"),
            action=error.get("action"),
        )
