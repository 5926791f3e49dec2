//! Faces 1–3, the Kingdom of Active Submission (Art. 1–5, 12–14; R3, R4, R5).
//!
//! The count at the roll decides whose pieces the series moves, once for the whole turn (R4):
//! the opponent's when at least N of them (never his king) each have a move there that is legal
//! and gives no check but mate; the roller's own otherwise (king allowed). Either way the roller
//! moves N different pieces of that colour, one after the other, never castling; a series that
//! cannot be completed with them is lost (Poverty of the Flesh, Art. 5, 13.2).

use std::ops::ControlFlow;

use crate::rules::Article;
use shakmaty::{Bitboard, Chess, Color, Move, MoveList, Position, Role};

use super::aftermath::Aftermath;
use super::ends::{forbidden_check_end, poverty_end};
use super::fault::{self, Fault, Illegal, Refused, face_article};
use super::legal_order::walk_non_king;
use super::matching::{self, Unresolved, resolve_move};
use super::notation::{self, steps_san};
use super::open_turn::{Next, OpenTurn, Phase, Series};
use super::state::{self, State};
use super::step::Step;
use super::{reach, search};
use crate::record::{ActionKind, Face};

/// The series a roll of `face` (1–3) asks for: with the opponent's pieces when the count at the
/// roll finds N of them that can move, else with the roller's own (R4).
pub(crate) fn begin(state: &State, face: Face) -> Result<Series, Refused> {
    let size = pieces(face)?;
    let due = decide(state, size, u32::from(size))?;
    Ok(Series::new(due.by, size, due.counted))
}

/// The pieces a series of `face` moves: 1–3.
fn pieces(face: Face) -> Result<u8, Refused> {
    face.pieces().ok_or_else(|| Refused {
        reason: format!("face {face} moves no series: only faces 1–3 count pieces (R4)"),
    })
}

/// Faces 1–3: whose pieces the series moves, and the whole count at the roll that chose them
/// (R4), for an arbiter who asks why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PiecesDue {
    /// The colour whose pieces the series moves.
    pub by: Color,
    /// Every piece of the opponent (never his king) that has a move at the roll that counts:
    /// legal for its owner, no castling, no check but mate.
    pub counted: Bitboard,
}

/// The pieces due on `face` (1–3) in `state`, with the whole count (R4).
///
/// # Errors
/// [`Refused`] when the position cannot be analysed, or `face` is not 1–3.
pub fn pieces_due(state: &State, face: Face) -> Result<PiecesDue, Refused> {
    decide(state, pieces(face)?, u32::MAX)
}

/// The pieces due for a series of `size` moves, from a count that stops once `enough` pieces
/// are found: the opponent's when at least `size` of them can move, the roller's own otherwise
/// (R4).
fn decide(state: &State, size: u8, enough: u32) -> Result<PiecesDue, Refused> {
    let counted = count(state, enough)?;
    let by = if counted.count() >= usize::from(size) {
        !state.roller()
    } else {
        state.roller()
    };
    Ok(PiecesDue { by, counted })
}

/// The count at the roll (R4, Art. 1–3, 12.1): the opponent's pieces, never his king, that
/// each have a move legal for their owner that gives no check but mate (castling does not
/// count; a piece that could move only after another has moved does not either, as the count
/// is made in the position at the roll). Stops once `enough` pieces are found.
///
/// # Errors
/// [`Refused`] when the position cannot be analysed.
pub(crate) fn count(state: &State, enough: u32) -> Result<Bitboard, Refused> {
    let them = !state.roller();
    let pos = state.chess(them)?;
    let mut counted = Bitboard::EMPTY;
    // The moves in the order of the legal move list, walked until enough pieces are found
    // (the list made whole only where the walk leaves it to shakmaty).
    let mut visit = |m: Move| {
        if counted.count() >= enough as usize {
            return ControlFlow::Break(Ok(()));
        }
        let Some(from) = m.from() else {
            return ControlFlow::Continue(());
        };
        if m.is_castle() || m.role() == Role::King || counted.contains(from) {
            return ControlFlow::Continue(());
        }
        match counts(state, pos, m) {
            Ok(true) => {
                counted.add(from);
                ControlFlow::Continue(())
            }
            Ok(false) => ControlFlow::Continue(()),
            Err(refused) => ControlFlow::Break(Err(refused)),
        }
    };
    let flow = match walk_non_king(pos, &mut visit) {
        Some(flow) => flow,
        None => pos.legal_moves().into_iter().try_for_each(&mut visit),
    };
    if let ControlFlow::Break(Err(refused)) = flow {
        return Err(refused);
    }
    Ok(counted)
}

/// Whether a legal move of the opponent's piece counts (R4): any move but one that gives a
/// check that is not mate. The opponent's legal move never leaves his own king in check, so only
/// the roller's king can be checked; most moves cannot check it, seen from the board alone, and
/// need no position after them.
fn counts(state: &State, pos: &Chess, m: Move) -> Result<bool, Refused> {
    let board = state.board();
    let Some(king) = board.king_of(state.roller()) else {
        return Ok(true);
    };
    if !reach::may_give_check(board, m, king) {
        return Ok(true);
    }
    Ok(matches!(
        Aftermath::of_move(&state.after_move(pos, m), pos.turn())?,
        Aftermath::Quiet | Aftermath::Ends(_)
    ))
}

/// The pieces the count found, in words, for "… can move": "Black's knight c8 and bishop e8",
/// "White's pawns a2, d4 and knight f3", "only Black's rook a8", "none of Black's pieces but the
/// king".
pub fn counted_text(state: &State, color: Color, counted: Bitboard) -> String {
    let board = state.board();
    // One group a role, in the order the roles first appear.
    let mut groups: Vec<(Role, Vec<String>)> = Vec::new();
    for square in counted {
        let Some(role) = board.role_at(square) else {
            continue;
        };
        match groups.iter_mut().find(|(r, _)| *r == role) {
            Some((_, squares)) => squares.push(square.to_string()),
            None => groups.push((role, vec![square.to_string()])),
        }
    }
    let words: Vec<String> = groups
        .iter()
        .map(|(role, squares)| {
            let name = state::role_name(*role);
            let plural = if squares.len() > 1 { "s" } else { "" };
            format!("{name}{plural} {}", squares.join(", "))
        })
        .collect();
    let whose = state::possessive(color);
    match words.as_slice() {
        [] => format!("none of {whose} pieces but the king"),
        [one] if counted.count() == 1 => format!("only {whose} {one}"),
        [one] => format!("{whose} {}", and_last(one)),
        [init @ .., last] => format!("{whose} {} and {last}", init.join(", ")),
    }
}

/// "pawns a2, d4" as "pawns a2 and d4".
fn and_last(group: &str) -> String {
    match group.rsplit_once(", ") {
        Some((init, last)) => format!("{init} and {last}"),
        None => group.to_owned(),
    }
}

/// Why a move of the series' colour may not be part of it.
/// Whether the series allows a move: what [`allowed`] decides, without its words (the search
/// asks for every candidate; only a written action needs the reason).
fn permits(progress: &OpenTurn, series: &Series, m: Move) -> bool {
    let from = m.from().unwrap_or(m.to());
    let enemy_king = series.by != progress.roller() && m.role() == Role::King;
    !(m.is_castle() || enemy_king || series.used.contains(from))
}

fn allowed(progress: &OpenTurn, series: &Series, m: Move) -> Result<(), Illegal> {
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
pub(crate) fn options(progress: &OpenTurn, series: &Series) -> Result<MoveList, Refused> {
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
    progress: &OpenTurn,
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
            let illegal = if series.enemy(roller) {
                let why = if series.left == series.size {
                    format!(
                        "{}'s pieces are due: {} can move at the roll, and face {} asks for {}",
                        state::color_name(series.by),
                        counted_text(state, series.by, series.counted),
                        series.size,
                        series.size
                    )
                } else {
                    format!(
                        "this series is played with {} pieces, due at the roll",
                        state::possessive(series.by)
                    )
                };
                Illegal::new(
                    format!(
                        "{why}, so {} may not play his own: {what} (Art. 12.2)",
                        state::color_name(roller)
                    ),
                    Article::Art12_2,
                )
            } else {
                Illegal::new(
                    format!(
                        "{} pieces are not due: {} can move at the roll (a check that is not mate \
                         does not count), and face {} asks for {}, so {} plays his own: {what} \
                         (Art. 12.1)",
                        state::possessive(other),
                        counted_text(state, other, series.counted),
                        series.size,
                        series.size,
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

/// Plays one move of the series and judges the board (R1, R2, R3, R10).
pub(crate) fn apply(progress: &OpenTurn, series: &Series, step: Step) -> Result<Next, Fault> {
    let Step::Move(m) = step else {
        return Err(Illegal::new("a series is made of moves", face_article(progress.face)).into());
    };
    let state = &progress.state;
    let roller = progress.roller();
    let next = state.after_move(state.chess(series.by)?, m);
    match Aftermath::of_move(&next, series.by)? {
        Aftermath::Ends(end) => Ok(Next::End(end.end(&next, roller), next)),
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
pub(crate) fn nothing(progress: &OpenTurn, series: &Series) -> Result<Next, Fault> {
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
        poverty_end(progress.roller(), article),
        progress.state.after_nothing(),
    ))
}

/// Why the series may not stop here.
pub(crate) fn unfinished(progress: &OpenTurn, series: &Series) -> Result<Illegal, Refused> {
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
    use shakmaty::Square;

    fn state(fen: &str) -> State {
        crate::rules::sade::state::from_fen(fen).unwrap()
    }

    #[test]
    fn the_count_at_the_start_position_stops_at_the_face() {
        let series = begin(
            &state("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Face::Three,
        )
        .unwrap();
        assert_eq!(series.by, Color::Black);
        assert_eq!(series.counted.count(), 3);
    }

    #[test]
    fn own_series_when_the_enemy_has_only_a_king_and_a_blocked_pawn() {
        // Black: king h8 and a pawn a5 blocked by White's pawn a4.
        let series = begin(&state("7k/8/8/p7/P7/8/8/R3K3 w - - 0 1"), Face::One).unwrap();
        assert_eq!(series.by, Color::White);
        assert!(series.counted.is_empty());
    }

    #[test]
    fn two_enemy_pieces_that_can_move_are_due_even_if_no_series_completes() {
        // R4's first example: Black's knight c8 and bishop e8 can each move; whichever moves
        // first, Rh8 pins the other. The count makes Black's pieces due all the same.
        let state = state("k1n1b2R/8/8/8/8/8/P7/7K w - - 0 1");
        let series = begin(&state, Face::Two).unwrap();
        assert_eq!(series.by, Color::Black);
        assert_eq!(
            counted_text(&state, Color::Black, series.counted),
            "Black's knight c8 and bishop e8"
        );
    }

    #[test]
    fn one_enemy_piece_that_can_move_is_not_enough_for_face_two() {
        // R4's second example: only Black's rook can move (Ra1 would even mate White).
        let state = state("r3k3/8/8/8/8/8/1P4PP/7K w - - 0 1");
        let series = begin(&state, Face::Two).unwrap();
        assert_eq!(series.by, Color::White);
        assert_eq!(
            counted_text(&state, Color::Black, series.counted),
            "only Black's rook a8"
        );
        // On face 1 the rook alone is enough.
        assert_eq!(begin(&state, Face::One).unwrap().by, Color::Black);
    }

    #[test]
    fn a_piece_freed_only_by_another_move_does_not_count() {
        // Black: rook a8 shut in by the knight b8 and the pawn a7, which White's pawn a6
        // blocks; the rook could move only after the knight has. Face 3 counts the knight and
        // the pawn h7 (h6 free): two, so White plays his own.
        let state = state("rn5k/p6p/P7/8/8/8/1P4PP/7K w - - 0 1");
        let series = begin(&state, Face::Three).unwrap();
        assert_eq!(
            counted_text(&state, Color::Black, series.counted),
            "Black's pawn h7 and knight b8"
        );
        assert_eq!(series.by, Color::White);
    }

    #[test]
    fn a_checking_move_counts_only_when_it_mates() {
        let rook_a1 = |state: &State| {
            let pos = state.chess(Color::Black).unwrap();
            let m = pos
                .legal_moves()
                .into_iter()
                .find(|m| m.from() == Some(Square::A8) && m.to() == Square::A1)
                .unwrap();
            counts(state, pos, m).unwrap()
        };
        // Ra1 mates White (king h1 shut in by the pawns g2, h2): it counts.
        assert!(rook_a1(&state("r6k/7p/7P/8/8/8/6PP/7K w - - 0 1")));
        // Without the pawn g2 the king escapes to g2: a check that is not mate does not count.
        assert!(!rook_a1(&state("r6k/7p/7P/8/8/8/7P/7K w - - 0 1")));
    }
}
