//! An analysis as the report page draws it ([`crate::render::review::Review`]): White's chance
//! turn by turn, each turn and each player in a player's words, and the best turn's actions as
//! the referee resolves them in the position before the turn.

use shakmaty::Color;

use super::annotate::{capitalised, turn_with};
use super::chance::Judgement;
use super::model::{Analysis, Player, TurnAnalysis};
use super::text::percent;
use crate::record::Game;
use crate::render::model::{ActionView, Shape, game_view};
use crate::render::review::{self as view, PlayerReview, Review, TurnReview};

/// The page's view of `analysis`, the analysis of `game`.
pub fn review(game: &Game, analysis: &Analysis) -> Review {
    let turns = analysis
        .turns
        .iter()
        .map(|t| TurnReview {
            index: t.index,
            white_before: white(t, t.before),
            white_after: white(t, t.after),
            judgement: t.judgement.map(judgement_view),
            luck: t.luck,
            best: best_actions(game, t).unwrap_or_default(),
            words: turn_words(t),
        })
        .collect();
    let named = |tag: &str, side: &str| match game.tag(tag).map(str::trim) {
        Some(name) if !name.is_empty() && name != "?" => format!("{side} ({name})"),
        _ => side.to_owned(),
    };
    Review {
        engine: format!("{}, {}", analysis.engine.name, analysis.engine.budget),
        turns,
        players: [
            PlayerReview {
                name: named("White", "White"),
                lines: player_words(&analysis.players.white, Color::White),
            },
            PlayerReview {
                name: named("Black", "Black"),
                lines: player_words(&analysis.players.black, Color::Black),
            },
        ],
        notes: analysis.notes.clone(),
    }
}

/// The judgement as the page's view names it.
fn judgement_view(judgement: Judgement) -> view::Judgement {
    match judgement {
        Judgement::Inaccuracy => view::Judgement::Inaccuracy,
        Judgement::Mistake => view::Judgement::Mistake,
        Judgement::Blunder => view::Judgement::Blunder,
    }
}

/// White's chance, from `chance`, the chance of the side that played `t`.
fn white(t: &TurnAnalysis, chance: f64) -> f64 {
    if t.side == "white" {
        chance
    } else {
        1.0 - chance
    }
}

fn side_word(t: &TurnAnalysis) -> &'static str {
    if t.side == "white" { "White" } else { "Black" }
}

fn written(actions: &[String]) -> String {
    if actions.is_empty() {
        "--".to_owned()
    } else {
        actions.join(" ")
    }
}

/// The engine's best turn, when it is not the one played: its actions as the referee resolves
/// them from the position before the turn (`None`: the best is the turn played, the turn was
/// forced, or the referee does not resolve the best turn, which it always should).
fn best_actions(game: &Game, t: &TurnAnalysis) -> Option<Vec<ActionView>> {
    let best = t.best.first()?;
    if t.forced || same_turn(&best.actions, &t.played) {
        return None;
    }
    let line = turn_with(game.turns.get(t.index)?, &best.actions)?;
    let mut trial = game.before_turn(t.index);
    trial.turns.push(line);
    let view = game_view(&trial).ok()?;
    let turn = view.turns.last()?;
    let resolved = !turn.invalid
        && turn
            .actions
            .iter()
            .all(|a| !matches!(a.shape, Shape::Unplayed { .. }));
    resolved.then(|| turn.actions.clone())
}

/// Whether two turns are the same actions, whatever check signs they are written with (the
/// record's `Qh4` and the engine's `Qh4#`).
fn same_turn(a: &[String], b: &[String]) -> bool {
    let bare = |s: &String| s.trim_end_matches(['+', '#']).to_owned();
    a.len() == b.len() && a.iter().map(bare).eq(b.iter().map(bare))
}

/// A turn in words, after its number. Sade: "12. White rolled 3: the turn left White 41%, the best (Nf3 Bc4) 48%; an
/// average roll would have given 45% — a mistake." Chess and Marseillais: "12. Nf3 left
/// White 52%; the best, Nd2, 55% — an inaccuracy."
fn turn_words(t: &TurnAnalysis) -> String {
    let dots = if t.side == "white" { "." } else { "..." };
    format!("{}{dots} {}", t.turn, turn_sentence(t))
}

fn turn_sentence(t: &TurnAnalysis) -> String {
    let side = side_word(t);
    let played = written(&t.played);
    let best = t.best.first();
    let best_is_played = best.is_none_or(|b| same_turn(&b.actions, &t.played));
    let best_chance = best.map_or(t.after + t.loss, |b| b.chance);
    let judged = t
        .judgement
        .map_or(String::new(), |j| format!(" — {} {}", article(j), j.name()));
    match t.face {
        Some(face) => {
            let opening = format!("{side} rolled {face} and played {played}");
            let middle = if t.forced {
                format!(": the only way; it left {side} {}", percent(t.after))
            } else if best_is_played {
                format!(
                    ": the best turn with that roll; it left {side} {}",
                    percent(t.after)
                )
            } else {
                format!(
                    ": the turn left {side} {}, the best ({}) {}",
                    percent(t.after),
                    written(&best.map(|b| b.actions.clone()).unwrap_or_default()),
                    percent(best_chance)
                )
            };
            format!(
                "{opening}{middle}; an average roll would have given {}{judged}.",
                percent(t.before)
            )
        }
        None if t.forced => format!(
            "{played}: the only way; it left {side} {}.",
            percent(t.after)
        ),
        None if best_is_played => format!(
            "{played} left {side} {}: the engine's best.",
            percent(t.after)
        ),
        None => format!(
            "{played} left {side} {}; the best, {}, {}{judged}.",
            percent(t.after),
            written(&best.map(|b| b.actions.clone()).unwrap_or_default()),
            percent(best_chance)
        ),
    }
}

fn article(j: Judgement) -> &'static str {
    match j {
        Judgement::Inaccuracy => "an",
        Judgement::Mistake | Judgement::Blunder => "a",
    }
}

/// How many of a kind, in words: "no blunder", "1 mistake", "3 inaccuracies".
fn counted(n: u32, one: &str, many: &str) -> String {
    match n {
        0 => format!("no {one}"),
        1 => format!("1 {one}"),
        _ => format!("{n} {many}"),
    }
}

/// One player's summary, a sentence a line.
fn player_words(p: &Player, color: Color) -> Vec<String> {
    let mut lines = vec![
        match p.accuracy {
            Some(a) => format!("Accuracy {a:.0}%."),
            None => "No turn of this player was judged (every one was forced).".to_owned(),
        },
        capitalised(&format!(
            "{}, {}, {}.",
            counted(p.inaccuracies, "inaccuracy", "inaccuracies"),
            counted(p.mistakes, "mistake", "mistakes"),
            counted(p.blunders, "blunder", "blunders")
        )),
    ];
    if let Some(luck) = p.luck {
        let side = if color == Color::White {
            "White"
        } else {
            "Black"
        };
        let way = if luck >= 0.0 { "for" } else { "against" };
        lines.push(format!(
            "The die: {:.0} points of chance {way} {side} over the game, against average rolls.",
            100.0 * luck.abs()
        ));
    }
    if let (Some(result), Some(adjusted)) = (p.result, p.luck_adjusted) {
        lines.push(format!(
            "Result {}; with the luck of both players' rolls taken out, {adjusted:.2}.",
            score(result)
        ));
    }
    lines
}

fn score(result: f64) -> &'static str {
    if result >= 1.0 {
        "1 (won)"
    } else if result <= 0.0 {
        "0 (lost)"
    } else {
        "½ (drawn)"
    }
}
