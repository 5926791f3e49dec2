"""Round trips: to_sdn, to_json and from_json keep the game and its verdict; from_json's errors."""

from __future__ import annotations

from pathlib import Path

import pytest

import sade_ref


def corpus_games(root: Path) -> list[sade_ref.Game]:
    games = []
    for path in sorted((root / "corpus").rglob("*")):
        if path.suffix in (".sdn", ".pgn", ".json"):
            games += [g for g in sade_ref.read_games(path) if not g.errors]
    return games


def same_standing(a: sade_ref.Verdict, b: sade_ref.Verdict) -> None:
    keep = ("status", "winner", "termination", "article", "result", "final_fen", "turns", "void")
    assert {k: a.to_dict()[k] for k in keep} == {k: b.to_dict()[k] for k in keep}
    assert (a.error is None) == (b.error is None)
    if a.error is not None and b.error is not None:
        assert (a.error.code, a.error.label, a.error.action) == (
            b.error.code,
            b.error.label,
            b.error.action,
        )


def test_every_corpus_game_survives_sdn_and_json_round_trips(root: Path) -> None:
    games = corpus_games(root)
    assert len(games) > 200
    for game in games:
        verdict = sade_ref.verify(game)
        sdn = game.to_sdn()
        again = sade_ref.read_game(sdn)
        assert again is not None
        assert again.to_sdn() == sdn, game
        same_standing(sade_ref.verify(again), verdict)
        from_json = sade_ref.Game.from_json(game.to_json())
        assert from_json.to_json() == game.to_json()
        assert from_json.to_sdn() == sdn
        same_standing(sade_ref.verify(from_json), verdict)


def test_from_json_refuses_what_is_not_one_record() -> None:
    with pytest.raises(sade_ref.ParseError) as raised:
        sade_ref.Game.from_json('{"tags": [],\n "turns": 3}')
    error = raised.value
    assert error.code == "bad-record" and error.line == 2 and "/turns" in error.reason
    with pytest.raises(sade_ref.ParseError) as raised:
        sade_ref.Game.from_json('{"tags": [', file="cut.json")
    assert raised.value.code == "bad-json" and raised.value.file == "cut.json"
    assert raised.value.line == 1
    game = sade_ref.read_game("1. e4 e5 *\n")
    assert game is not None
    with pytest.raises(ValueError, match="holds 2"):
        sade_ref.Game.from_json(game.to_json() + "\n" + game.to_json())
