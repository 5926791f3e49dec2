"""The exceptions of sade_ref."""

from __future__ import annotations

import json

from ._enums import Color
from ._verdict import ErrorInfo

__all__ = ["ParseError"]


class ParseError(ValueError):
    """A game that could not be read: bad SDN or PGN (``code`` is the reader's error kind, such
    as ``bad-move-token``), or a JSON text that is not a record (``bad-json``, ``bad-record``).

    It carries what ``sade-ref verify --format json`` says of the error: where it stands
    (``line`` and ``column``, 1-based, in the whole input), and, where the notation tells, the
    ``turn``, the ``side`` whose turn it is (a ``Color``, equal to ``"white"`` or ``"black"``
    as in sade_ref 0.1.0, for one release), the die ``face`` and the ``action``. ``info`` is
    the same error as a verdict gives it (``Verdict.error``).
    """

    code: str
    reason: str
    article: str
    help: str | None
    line: int
    column: int
    turn: int | None
    label: str | None
    side: Color | None
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
        side: Color | str | None = None,
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
        self.side = None if side is None else Color(side)
        self.face = face
        self.action = action

    @property
    def info(self) -> ErrorInfo:
        """The error as a verdict on the game gives it (``kind`` is ``"syntax"``)."""
        return ErrorInfo(
            kind="syntax",
            code=self.code,
            reason=self.reason,
            article=self.article,
            help=self.help,
            turn=self.turn,
            label=self.label,
            side=self.side,
            face=self.face,
            action=self.action,
            line=self.line,
            column=self.column,
        )

    @classmethod
    def _from_report(cls, error_json: str, file: str, game: int) -> ParseError:
        """The exception for the ``error`` object (JSON) of a verify report; the extension
        (python/src/error.rs) raises it."""
        if not error_json:
            return cls("the game could not be read", code="unknown", line=0, column=0, file=file, game=game)
        error = ErrorInfo.from_dict(json.loads(error_json))
        return cls(
            error.reason,
            code=error.code,
            line=error.line,
            column=error.column,
            file=file,
            game=game,
            article=error.article or "SDN syntax",
            help=error.help,
            turn=error.turn,
            label=error.label,
            side=error.side,
            face=error.face,
            action=error.action,
        )
