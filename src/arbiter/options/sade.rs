//! The options of a Sade position: the fulfilments of the face rolled, the mode of faces 1–3 with
//! its proof, what loses at once, and "none".

use std::ops::ControlFlow;

use shakmaty::Role;

use super::answer::{Answer, Ends, Line, Mode, NoneAnswer, Pieces, Squares, no_option};
use super::error::OptionsError;
use super::limits::{Collector, Limits};
use crate::record::{Face, Side};
use crate::rules::names::color_name;
use crate::rules::names::role_name;
use crate::rules::sade::{self, End, Refused, State, Step};
use crate::rules::{Article, Termination};

fn sade_ends(end: End) -> Ends {
    Ends {
        winner: Some(Side::from(end.winner)),
        termination: end.termination.name(),
        article: end.article.cite(),
    }
}

/// Where each step happens on the board.
fn squares_of(state: &State, steps: &[Step]) -> Vec<Squares> {
    steps
        .iter()
        .map(|step| match *step {
            Step::Move(m) => Squares::of_move(m, state.castling_mode()),
            Step::Sacrifice { square, .. } => Squares::Sacrifice(square),
            Step::Resurrection { role, square } => Squares::Resurrection { role, square },
            Step::Nothing => Squares::Nothing,
        })
        .collect()
}

pub(super) fn sade_answer(
    state: &State,
    face: Face,
    limits: Limits,
) -> Result<Answer, OptionsError> {
    let roller = state.roller();
    if state.is_naked(roller) && state.is_naked(!roller) {
        return Err(OptionsError::BothNaked);
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
                    winner: Some(Side::from(naked)),
                    termination: Termination::Nakedness.name(),
                    article: Article::Art9_3.cite(),
                }),
            },
        );
        answer.face = Some(face);
        return Ok(answer);
    }
    let mut collector = Collector::new(limits);
    let mut nothing = None;
    let _complete = sade::visit_fulfilments(state, face, |f| {
        if collector.count == 0 && f.steps == [Step::Nothing] {
            nothing = Some(f.end);
        }
        if collector.wants() {
            collector.lines.push(Line {
                actions: f.actions(state).iter().map(ToString::to_string).collect(),
                ends: f.end.map(sade_ends),
                squares: squares_of(state, &f.steps),
            });
        }
        ControlFlow::Continue(())
    })?;
    // What loses (a forbidden check, a series left with no way to complete it): shown apart,
    // never counted as an option.
    let mut losing = Collector::new(limits);
    let _complete = sade::visit_losses(state, face, |f| {
        if losing.wants() {
            losing.lines.push(Line {
                actions: f.actions(state).iter().map(ToString::to_string).collect(),
                ends: f.end.map(sade_ends),
                squares: squares_of(state, &f.steps),
            });
        }
        ControlFlow::Continue(())
    })?;
    let mode = face
        .pieces()
        .is_some()
        .then(|| series_mode(state, face))
        .transpose()?;
    let none = if collector.count == 0 {
        let pieces = match &mode {
            Some(mode) if mode.pieces == Pieces::Opponent => {
                format!(" with {}'s pieces, which are due", color_name(!roller))
            }
            Some(_) => format!(" with {}'s own pieces, which are due", color_name(roller)),
            None => String::new(),
        };
        Some(NoneAnswer {
            consequence: format!(
                "{} cannot fulfil face {face}{pieces}: Poverty of the Flesh, {} loses (`--`)",
                color_name(roller),
                color_name(roller)
            ),
            article: "Art. 5",
            ends: Some(Ends {
                winner: Some(Side::from(!roller)),
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
fn nothing_answer(state: &State, face: Face, end: Option<End>) -> NoneAnswer {
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

/// Faces 1–3: whose pieces are due, with the count at the roll as proof (R4): "Black's knight
/// c8 and bishop e8 can move: face 2 asks for 2".
fn series_mode(state: &State, face: Face) -> Result<Mode, Refused> {
    let roller = state.roller();
    let them = !roller;
    let due = sade::pieces_due(state, face)?;
    let n = due.counted.count();
    let named = if n <= 4 {
        sade::counted_text(state, them, due.counted)
    } else {
        format!("{n} of {}'s pieces other than the king", color_name(them))
    };
    let proof = format!(
        "{named} can move (castling and checks that are not mate aside): face {face} asks for \
         {face}"
    );
    Ok(if due.by == them {
        Mode {
            pieces: Pieces::Opponent,
            color: Side::from(them),
            proof,
            article: "Art. 12.1",
        }
    } else {
        Mode {
            pieces: Pieces::Own,
            color: Side::from(roller),
            proof: format!("{proof}, so {} plays his own", color_name(roller)),
            article: "Art. 12.1",
        }
    })
}
