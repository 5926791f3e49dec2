//! The options of a Sade position: the fulfilments of the face rolled, the mode of faces 1–3 with
//! its proof, what loses at once, and "none".

use std::ops::ControlFlow;

use shakmaty::{Color, Position, Role};

use super::{Answer, Collector, Ends, Limits, Line, Mode, NoneAnswer, no_option, side};
use crate::arbiter::locate::color_name;
use crate::rules::names::role_name;
use crate::rules::sade::{self, End, State, Step};
use crate::rules::{Article, Termination};

fn sade_ends(end: End) -> Ends {
    Ends {
        winner: Some(side(end.winner)),
        termination: end.termination.name(),
        article: end.article.cite(),
    }
}

pub(super) fn sade_answer(state: &State, face: u8, limits: Limits) -> Result<Answer, String> {
    let roller = state.roller();
    if state.is_naked(roller) && state.is_naked(!roller) {
        return Err(
            "both players have the king alone: not a position a game can reach (R17)".to_owned(),
        );
    }
    if let Some(naked) = [roller, !roller].into_iter().find(|&c| state.is_naked(c)) {
        // R17: a player with the king alone has already won (Art. 9.3); no roll is played.
        let mut answer = no_option(
            "Sade",
            state.fen(),
            roller,
            NoneAnswer {
                consequence: format!(
                    "{} has the king alone: {} has already won by Nakedness, before any roll",
                    color_name(naked),
                    color_name(naked)
                ),
                article: Article::Art9_3.cite(),
                ends: Some(Ends {
                    winner: Some(side(naked)),
                    termination: Termination::Nakedness.name(),
                    article: Article::Art9_3.cite(),
                }),
            },
        );
        answer.face = Some(face);
        return Ok(answer);
    }
    let mut collector = Collector::new(limits);
    let mut by = None;
    let mut nothing = None;
    let _complete = sade::visit_fulfilments(state, face, |f| {
        by = Some(f.by);
        if collector.count == 0 && f.steps == [Step::Nothing] {
            nothing = Some(f.end);
        }
        if collector.wants() {
            collector.lines.push(Line {
                actions: f.actions(state).iter().map(ToString::to_string).collect(),
                ends: f.end.map(sade_ends),
            });
        }
        ControlFlow::Continue(())
    })
    .map_err(|e| e.reason)?;
    // What loses at once (a forbidden check): shown apart, never counted as an option.
    let mut losing = Collector::new(limits);
    let _complete = sade::visit_losses(state, face, |f| {
        if losing.wants() {
            losing.lines.push(Line {
                actions: f.actions(state).iter().map(ToString::to_string).collect(),
                ends: f.end.map(sade_ends),
            });
        }
        ControlFlow::Continue(())
    })
    .map_err(|e| e.reason)?;
    let mode = (1..=3)
        .contains(&face)
        .then(|| series_mode(state, face, by))
        .transpose()?;
    let none = if collector.count == 0 {
        Some(NoneAnswer {
            consequence: format!(
                "{} cannot fulfil face {face}: Poverty of the Flesh, {} loses (`--`)",
                color_name(roller),
                color_name(roller)
            ),
            article: "Art. 5",
            ends: Some(Ends {
                winner: Some(side(!roller)),
                termination: Termination::PovertyOfTheFlesh.name(),
                article: "Art. 5",
            }),
        })
    } else if collector.count == 1
        && let Some(end) = nothing
    {
        Some(nothing_answer(state, face, end))
    } else {
        None
    };
    Ok(Answer {
        face: Some(face),
        mode,
        losing: losing.lines,
        losing_count: losing.count,
        none,
        ..Answer::about("Sade", state.fen(), roller).listing(collector)
    })
}

/// The only option is `--`: face 5 with nothing to return, face 6 with no move at all.
fn nothing_answer(state: &State, face: u8, end: Option<End>) -> NoneAnswer {
    let roller = state.roller();
    if let Some(end) = end {
        return NoneAnswer {
            consequence: format!(
                "no piece can leave the king's side and no regular move exists: {}, {} wins",
                end.termination.title(),
                color_name(end.winner)
            ),
            article: end.article.cite(),
            ends: Some(sade_ends(end)),
        };
    }
    let pool = state.pocket().get(!roller);
    let due = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .find(|&role| *pool.get(role) > 0);
    let why = match due {
        None => format!(
            "{}'s pool holds no queen, rook, bishop or knight",
            color_name(!roller)
        ),
        Some(role) => format!(
            "no empty square where {}'s {} gives no check",
            color_name(!roller),
            role_name(role)
        ),
    };
    NoneAnswer {
        consequence: format!("nothing to resurrect on face {face} ({why}): the turn passes"),
        article: "Art. 7",
        ends: None,
    }
}

/// How many pieces of `color` (its king aside when `no_king`) have a legal move other than
/// castling.
fn movable_pieces(state: &State, color: Color, no_king: bool) -> Result<usize, String> {
    let pos = state.position(color).map_err(|e| e.reason)?;
    let mut from: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| !(m.is_castle() || (no_king && m.role() == Role::King)))
        .filter_map(|m| m.from())
        .collect();
    from.sort();
    from.dedup();
    Ok(from.len())
}

/// Faces 1–3: the mode the search used, with the piece count as proof.
fn series_mode(state: &State, face: u8, by: Option<Color>) -> Result<Mode, String> {
    let roller = state.roller();
    let them = !roller;
    let theirs = movable_pieces(state, them, true)?;
    let has = |n: usize| if n == 1 { "has" } else { "have" };
    let enemy_proof = format!(
        "{theirs} of {}'s pieces other than the king {} a legal move, face {face} asks for {face}",
        color_name(them),
        has(theirs)
    );
    let enemy_failed = if theirs < usize::from(face) {
        enemy_proof.clone()
    } else {
        format!("{enemy_proof}, but no series of {face} different ones avoids a forbidden check")
    };
    Ok(match by {
        Some(color) if color == them => Mode {
            pieces: "opponent",
            color: Some(side(them)),
            proof: enemy_proof,
            article: "Art. 12.1",
        },
        Some(_) => Mode {
            pieces: "own",
            color: Some(side(roller)),
            proof: format!("{}'s pieces cannot: {enemy_failed}", color_name(them)),
            article: "Art. 12.1",
        },
        None => {
            let own = movable_pieces(state, roller, false)?;
            Mode {
                pieces: "neither",
                color: None,
                proof: format!(
                    "{enemy_failed}; {own} of {}'s own pieces {} a legal move, and no series of \
                     {face} exists with them either",
                    color_name(roller),
                    has(own)
                ),
                article: "Art. 12.3",
            }
        }
    })
}
