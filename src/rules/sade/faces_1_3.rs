//! Faces 1–3, the Kingdom of Active Submission (Art. 1–5, 12–14; R3, R4, R5).
//!
//! The roller moves N different pieces of the opponent (never his king), one after the other,
//! each move legal for its owner and giving no check but mate; only when no such series exists
//! does he move N different pieces of his own (king allowed). Never castling.

use crate::rules::Article;
use shakmaty::{Bitboard, Color, Move, MoveList, Position, Role};

use super::aftermath::Aftermath;
use super::ends::{End, forbidden_check_end, mate_end, naked_end};
use super::fault::{self, Fault, Illegal, Refused, face_article};
use super::matching::{self, Unresolved, resolve_move};
use super::notation::{self, steps_san};
use super::progress::{Next, Phase, Progress, Series};
use super::search;
use super::state::{self, State};
use super::step::Step;
use crate::record::ActionKind;

/// The series a roll of `face` (1–3) asks for: with the opponent's pieces when that is
/// possible (R4), else with the roller's own.
pub(crate) fn begin(state: &State, face: u8) -> Result<Series, Refused> {
    let enemy = Series::assumed(state, face);
    let probe = Progress {
        state: state.clone(),
        face,
        phase: Phase::Series(enemy.clone()),
        done: 0,
    };
    Ok(match search::first(&probe)? {
        Some(example) => Series {
            enemy_example: Some(example),
            ..enemy
        },
        None => Series {
            by: state.roller(),
            ..enemy
        },
    })
}

/// Why a move of the series' colour may not be part of it.
/// Whether the series allows a move: what [`allowed`] decides, without its words (the search
/// asks for every candidate; only a written action needs the reason).
fn permits(progress: &Progress, series: &Series, m: Move) -> bool {
    let from = m.from().unwrap_or(m.to());
    let enemy_king = series.by != progress.roller() && m.role() == Role::King;
    !(m.is_castle() || enemy_king || series.used.contains(from))
}

fn allowed(progress: &Progress, series: &Series, m: Move) -> Result<(), Illegal> {
    let article = face_article(progress.face);
    if m.is_castle() {
        return Err(Illegal::new(
            "castling is not allowed inside a prescription, only in a regular move (R5, Art. 15)",
            Article::R5,
        ));
    }
    let from = m.from().unwrap_or(m.to());
    if series.by != progress.roller() && m.role() == Role::King {
        return Err(Illegal::new(
            format!(
                "{} king may not be moved by {} (Art. 4.2, Art. 14)",
                state::possessive(series.by),
                state::color_name(progress.roller())
            ),
            Article::Art4_2,
        ));
    }
    if series.used.contains(from) {
        return Err(Illegal::new(
            format!(
                "{} {} on {from} has already moved in this series; the same piece may not move \
                 twice ({article})",
                state::possessive(series.by),
                state::role_name(m.role())
            ),
            article,
        ));
    }
    Ok(())
}

/// The candidate moves: the series' colour, pieces not yet moved, no castling, and never the
/// opponent's king.
#[inline(always)]
pub(crate) fn options(progress: &Progress, series: &Series) -> Result<MoveList, Refused> {
    let mut moves = progress.state.chess(series.by)?.legal_moves();
    // What `permits` asks, as the squares a move may leave: the series' pieces that have not
    // moved, the opponent's king aside.
    let board = progress.state.board();
    let kings = if series.by == progress.roller() {
        Bitboard::EMPTY
    } else {
        board.kings()
    };
    let from = board.by_color(series.by) & !series.used & !kings;
    moves.retain(|m| {
        let kept = !m.is_castle() && from.contains(m.from().unwrap_or(m.to()));
        debug_assert_eq!(kept, permits(progress, series, *m));
        debug_assert_eq!(kept, allowed(progress, series, *m).is_ok());
        kept
    });
    Ok(moves)
}

/// The move a written action names, with the reason when it is not one of the series.
pub(crate) fn resolve(
    progress: &Progress,
    series: &Series,
    kind: &ActionKind,
) -> Result<Step, Fault> {
    let state = &progress.state;
    let roller = progress.roller();
    if !matches!(kind, ActionKind::San(_) | ActionKind::Uci(_)) {
        return Err(Illegal::new(
            format!(
                "face {} asks for moves, not `{kind}` ({})",
                progress.face,
                face_article(progress.face)
            ),
            face_article(progress.face),
        )
        .into());
    }
    let unresolved = match resolve_move(state, series.by, kind, |m| allowed(progress, series, m))? {
        Ok(m) => return Ok(Step::Move(m)),
        Err(unresolved) => unresolved,
    };
    if unresolved == Unresolved::NoMatch {
        let other = !series.by;
        if let Ok(m) = resolve_move(state, other, kind, |_| Ok(()))? {
            let what = format!(
                "{kind} would move {} {}",
                state::possessive(other),
                state::role_name(m.role())
            );
            let illegal = if series.by != roller {
                if series.left == series.size {
                    let example = series
                        .enemy_example
                        .as_deref()
                        .map(|steps| format!(" (e.g. {})", steps_san(state, steps)))
                        .unwrap_or_default();
                    Illegal::new(
                        format!(
                            "{}'s pieces could be played{example}, so {} may not play his own: \
                             {what} (Art. 12.2)",
                            state::color_name(series.by),
                            state::color_name(roller)
                        ),
                        Article::Art12_2,
                    )
                } else {
                    Illegal::new(
                        format!(
                            "this series is played with {} pieces; {what} ({})",
                            state::possessive(series.by),
                            face_article(progress.face)
                        ),
                        face_article(progress.face),
                    )
                }
            } else {
                Illegal::new(
                    format!(
                        "{} pieces cannot be played: {}, so {} must play his own; {what} (Art. \
                         12.1)",
                        state::possessive(other),
                        impossibility(other, series.size),
                        state::color_name(roller)
                    ),
                    Article::Art12_1,
                )
            };
            return Err(illegal.into());
        }
    }
    Err(matching::unresolved_illegal(state, series.by, kind, unresolved).into())
}

/// Why no series of `n` moves exists with `color`'s pieces, in words.
fn impossibility(color: Color, n: u8) -> String {
    if n == 1 {
        format!(
            "no piece of {} but the king has a move that is legal and gives no check but mate",
            state::possessive(color)
        )
    } else {
        format!(
            "no {n} different pieces of {} but the king can move one after the other, each \
             legal and giving no check but mate",
            state::possessive(color)
        )
    }
}

/// Plays one move of the series and judges the board (R1, R2, R3, R10).
pub(crate) fn apply(progress: &Progress, series: &Series, step: Step) -> Result<Next, Fault> {
    let Step::Move(m) = step else {
        return Err(Illegal::new("a series is made of moves", face_article(progress.face)).into());
    };
    let state = &progress.state;
    let roller = progress.roller();
    let next = state.after_move(state.chess(series.by)?, m);
    match Aftermath::of(&next)? {
        Aftermath::Mate(mated) => Ok(Next::End(mate_end(mated, roller), next)),
        Aftermath::Naked(naked) => Ok(Next::End(naked_end(naked), next)),
        Aftermath::Check(checked) if series.size >= 2 => {
            let _ = checked;
            Ok(Next::End(forbidden_check_end(roller), next))
        }
        Aftermath::Check(checked) => {
            Err(fault::non_mating_check(&notation::san(state, m), checked))
        }
        Aftermath::BothInCheck => Err(fault::both_kings_in_check(&notation::san(state, m))),
        Aftermath::Quiet if series.left <= 1 => Ok(Next::Done(next)),
        Aftermath::Quiet => {
            let series = Series {
                left: series.left - 1,
                used: series.used.with(m.to()),
                ..series.clone()
            };
            Ok(Next::Continue(progress.next(next, Phase::Series(series))))
        }
    }
}

/// `--` in a series: a loss when the series cannot be completed from here (Art. 5, 13.2), a
/// false claim otherwise (R14).
pub(crate) fn nothing(progress: &Progress, series: &Series) -> Result<Next, Fault> {
    if let Some(steps) = search::first(progress)? {
        let what = if series.left == series.size {
            format!("face {} can be fulfilled", progress.face)
        } else {
            "the series can go on".to_owned()
        };
        return Err(Illegal::new(
            format!(
                "`--` claims the impossible, but {what} with {} pieces, e.g. {} (R14)",
                state::possessive(series.by),
                steps_san(&progress.state, &steps)
            ),
            Article::R14,
        )
        .into());
    }
    let article = if series.left == series.size {
        Article::Art5
    } else {
        Article::Art13_2
    };
    Ok(Next::End(
        End {
            winner: !progress.roller(),
            termination: crate::rules::Termination::PovertyOfTheFlesh,
            article,
        },
        progress.state.after_nothing(),
    ))
}

/// Why the series may not stop here.
pub(crate) fn unfinished(progress: &Progress, series: &Series) -> Result<Illegal, Refused> {
    let played = series.size - series.left;
    let article = face_article(progress.face);
    let tail = match search::first(progress)? {
        Some(steps) => format!(
            "; it can go on, e.g. {}",
            steps_san(&progress.state, &steps)
        ),
        None => "; it cannot go on, so the record must say `--` and the player loses (Art. 13.2)"
            .to_owned(),
    };
    Ok(Illegal::new(
        format!(
            "face {} asks for {} moves by different pieces, the series stops after {played}{tail} \
             ({article})",
            progress.face, series.size
        ),
        article,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(fen: &str) -> State {
        crate::rules::sade::state::from_fen(fen).unwrap()
    }

    #[test]
    fn enemy_series_at_the_start_position() {
        let series = begin(
            &state("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            3,
        )
        .unwrap();
        assert_eq!(series.by, Color::Black);
        assert_eq!(series.enemy_example.map(|s| s.len()), Some(3));
    }

    #[test]
    fn own_series_when_the_enemy_has_only_a_king_and_a_blocked_pawn() {
        // Black: king h8 and a pawn a5 blocked by White's pawn a4.
        let series = begin(&state("7k/8/8/p7/P7/8/8/R3K3 w - - 0 1"), 1).unwrap();
        assert_eq!(series.by, Color::White);
        assert!(series.enemy_example.is_none());
    }
}
