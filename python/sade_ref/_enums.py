"""The vocabulary of verdicts and options: ``Status``, ``Termination`` and ``Color``.

Each is an ``enum.StrEnum`` whose values are the strings of ``sade-ref verify --format json``
(spec/verdict.schema.json). sade_ref 0.1.0 gave these strings themselves. For one release a
member still compares equal to its string, and ``str()`` and ``format()`` give it
(``Status.FINISHED == "finished"``, ``str(Color.WHITE) == "white"``), so code written against
the strings keeps working; the release after drops that promise: compare with the members.
"""

from __future__ import annotations

from enum import StrEnum, unique

__all__ = ["Color", "Status", "Termination"]


@unique
class Color(StrEnum):
    """A player: ``"white"`` or ``"black"``."""

    WHITE = "white"
    BLACK = "black"


@unique
class Status(StrEnum):
    """How a game stands after the referee replayed it."""

    #: The game ended by a rule, a declared end or an adjudication.
    FINISHED = "finished"
    #: Every action is legal and the game has not ended.
    UNFINISHED = "unfinished"
    #: The record cannot be read, or an action is illegal.
    INVALID = "invalid"


@unique
class Termination(StrEnum):
    """How a game ended (spec/VERDICT.md): the ends of Marquis de Sade chess (Art. 4 to 9),
    then those of Standard and Marseillais chess, then the ends a record declares."""

    #: Sade, Art. 9.2: a player mated himself with the opponent's pieces (faces 1 to 3).
    SACRIFICE_ACCOMPLISHED = "sacrifice-accomplished"
    #: Sade, Art. 10: a player was mated by the opponent, and wins.
    LIBERTINES_MERCY = "libertines-mercy"
    #: Sade, Art. 9.3: a player has only the king left, and wins.
    NAKEDNESS = "nakedness"
    #: Sade, Art. 9.1: a player with no legal move on face 4 or 6, not in check, wins.
    SWEET_STALEMATE = "sweet-stalemate"
    #: Sade, Art. 5 and 11: a player could not fulfil the face, and loses.
    POVERTY_OF_THE_FLESH = "poverty-of-the-flesh"
    #: Sade, Art. 4.1: a check that is no mate inside a series; who gave it loses.
    FORBIDDEN_CHECK = "forbidden-check"
    #: A decisive result token that no rule explains.
    RESIGNATION = "resignation"
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient-material"
    THREEFOLD_REPETITION = "threefold-repetition"
    FIVEFOLD_REPETITION = "fivefold-repetition"
    FIFTY_MOVE_RULE = "fifty-move-rule"
    SEVENTY_FIVE_MOVE_RULE = "seventy-five-move-rule"
    #: A drawn result token that no rule explains.
    AGREEMENT = "agreement"
    #: The ends below are declared (S3) by the Termination tag.
    TIME_FORFEIT = "time-forfeit"
    ABANDONED = "abandoned"
    ADJUDICATION = "adjudication"
    RULES_INFRACTION = "rules-infraction"
    DEATH = "death"
    EMERGENCY = "emergency"
