//! The fulfilment search: every legal way to carry out a die face from a state.
//!
//! One depth-first walk over the candidate actions of a turn in progress
//! ([`Progress::options`]), each judged by the same code that judges a written action
//! ([`Progress::apply`]). It is exact: no heuristics and no depth cut-off beyond the face's own
//! length (at most three moves on faces 1–3, one per piece next to the king on face 6). A visitor
//! returning [`ControlFlow::Break`] stops it, so "is there one?" costs only the walk up to the
//! first fulfilment.

use std::ops::ControlFlow;

use super::fault::Fault;
use super::state::{Refused, State};
use super::turn::{self, LookAhead, Next, Progress};
use super::{Fulfilment, Step, faces_1_3};

/// Calls `visit` with every legal fulfilment of `face` from `state` (the roller is
/// `state.roller()`), until it returns [`ControlFlow::Break`].
///
/// The fulfilments are what the referee accepts as that turn without the roller losing by it:
/// on faces 1–3 the series with the opponent's pieces, or, only when there is none, with the
/// roller's own (R4); on face 4 a sacrifice and a regular move; on face 5 a resurrection, or
/// `--` when nothing can come back; on face 6 every maximal order of the exposure (R9), or the
/// fallback regular move (Art. 8.7), or `--` when there is no move at all (a stalemate, R7). A fulfilment that ends the game early (a mate, nakedness, a
/// stalemate) stops there and carries its [`super::End`]. A turn that can only be lost (a
/// forbidden check, Poverty of the Flesh) is not a fulfilment: a face with none has no
/// fulfilment at all.
///
/// # Errors
/// [`Refused`] when a position on the way cannot be analysed, or `face` is not 1–6.
pub fn visit_fulfilments<F>(
    state: &State,
    face: u8,
    mut visit: F,
) -> Result<ControlFlow<()>, Refused>
where
    F: FnMut(&Fulfilment) -> ControlFlow<()>,
{
    let progress = turn::begin(state, face)?;
    let by = progress.by();
    walk(&progress, &mut Vec::new(), &mut |steps, end| {
        visit(&Fulfilment {
            by,
            steps: steps.to_vec(),
            end,
        })
    })
}

/// Every legal fulfilment of `face` from `state` (see [`visit_fulfilments`]).
///
/// # Errors
/// [`Refused`] as for [`visit_fulfilments`].
pub fn fulfilments(state: &State, face: u8) -> Result<Vec<Fulfilment>, Refused> {
    let mut all = Vec::new();
    let _complete = visit_fulfilments(state, face, |f| {
        all.push(f.clone());
        ControlFlow::Continue(())
    })?;
    Ok(all)
}

/// Whether `face` can be fulfilled from `state`; stops at the first fulfilment.
///
/// # Errors
/// [`Refused`] as for [`visit_fulfilments`].
pub fn has_fulfilment(state: &State, face: u8) -> Result<bool, Refused> {
    Ok(visit_fulfilments(state, face, |_| ControlFlow::Break(()))?.is_break())
}

/// The first way to finish the turn in progress, if there is one.
pub(crate) fn first(progress: &Progress) -> Result<Option<Vec<Step>>, Refused> {
    let mut found = None;
    let _stopped = walk(progress, &mut Vec::new(), &mut |steps, _| {
        found = Some(steps.to_vec());
        ControlFlow::Break(())
    })?;
    Ok(found)
}

/// The first candidate the board accepts (a move that gives no check but mate, ...), without
/// looking further: whether the turn in progress can take one more step.
pub(crate) fn first_step(progress: &Progress) -> Result<Option<Step>, Refused> {
    for step in progress.options()?.iter() {
        match progress.apply_looking(step, LookAhead::No) {
            Ok(Next::End(end, _)) if !end.is_fulfilment() => {}
            Ok(_) => return Ok(Some(step)),
            Err(Fault::Illegal(_)) => {}
            Err(Fault::Refused(e)) => return Err(e),
        }
    }
    Ok(None)
}

/// See [`first_step`].
pub(crate) fn any_step(progress: &Progress) -> Result<bool, Refused> {
    Ok(first_step(progress)?.is_some())
}

/// Receives the steps of each way found to finish a turn, and how it ended the game.
type Found<'a> = dyn FnMut(&[Step], Option<super::End>) -> ControlFlow<()> + 'a;

/// The depth-first walk: `found` gets the steps of each way to finish the turn.
fn walk(
    progress: &Progress,
    path: &mut Vec<Step>,
    found: &mut Found<'_>,
) -> Result<ControlFlow<()>, Refused> {
    let last_piece = faces_1_3::last_enemy_piece_short(progress);
    for step in progress.options()?.iter() {
        if let Some(short) = &last_piece
            && !short.may_end_the_game(step)?
        {
            continue;
        }
        let next = match progress.apply(step) {
            Ok(next) => next,
            Err(Fault::Illegal(_)) => continue,
            Err(Fault::Refused(e)) => return Err(e),
        };
        path.push(step);
        let flow = match next {
            Next::Continue(after) => walk(&after, path, found)?,
            Next::Done(_) => found(path, None),
            Next::End(end, _) if end.is_fulfilment() => found(path, Some(end)),
            Next::End(..) => ControlFlow::Continue(()),
        };
        path.pop();
        if flow.is_break() {
            return Ok(flow);
        }
    }
    Ok(ControlFlow::Continue(()))
}

#[cfg(test)]
mod tests {
    use shakmaty::{Role, Square};

    use super::*;

    fn state(fen: &str) -> State {
        crate::rules::sade::state::from_fen(fen).unwrap()
    }

    #[test]
    fn face_5_with_only_pawns_in_the_pool_lists_nothing() {
        // Black's pieces are all on the board but the pawns: the pool holds eight pawns only.
        let s = state("rnbqkbnr/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let all = fulfilments(&s, 5).unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].steps, vec![Step::Nothing]);
    }

    #[test]
    fn face_5_lists_every_square_that_gives_no_check() {
        // Black's queen is in the pool; White's king on a1, a pawn on a2, a knight on b1.
        let s = state("rnb1kbnr/pppppppp/8/8/8/8/P7/KN6 w kq - 0 1");
        let all = fulfilments(&s, 5).unwrap();
        // 18 squares occupied, 46 empty; the queen would check a1 from the long diagonal b2,
        // c3, d4, e5, f6 (g7 is occupied), nowhere else (a2 and b1 block the file and rank).
        assert_eq!(all.len(), 46 - 5);
        assert!(all.iter().all(|f| matches!(
            f.steps.as_slice(),
            [Step::Resurrection { role: Role::Queen, square }] if *square != Square::C3
        )));
    }

    #[test]
    fn face_1_from_the_initial_position_moves_any_black_piece_but_the_king() {
        let s = state("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let all = fulfilments(&s, 1).unwrap();
        assert_eq!(all.len(), 20);
        assert!(
            all.iter()
                .all(|f| f.by == shakmaty::Color::Black && f.end.is_none())
        );
    }

    #[test]
    fn face_2_with_one_enemy_piece_is_fulfilled_only_by_its_mate() {
        // White rolls 2; Black has his king and one rook, so no series of two Black pieces can
        // be completed. Ra1 mates White (a ritual victory, Art. 2), the only fulfilment with
        // Black's pieces: the checks that do not mate and the moves that stop the series short
        // are not. The search meets the last Black piece with moves still due (see
        // `faces_1_3::LastPieceShort`).
        let s = state("7k/8/8/8/8/8/r4PPP/6K1 w - - 0 1");
        let all = fulfilments(&s, 2).unwrap();
        assert_eq!(all.len(), 1, "{all:?}");
        assert_eq!(all[0].by, shakmaty::Color::Black);
        assert_eq!(
            all[0].steps,
            vec![Step::Move(shakmaty::Move::Normal {
                role: Role::Rook,
                from: Square::A2,
                capture: None,
                to: Square::A1,
                promotion: None,
            })]
        );
        assert_eq!(all[0].end.map(|e| e.winner), Some(shakmaty::Color::White));
    }

    #[test]
    fn face_3_with_one_enemy_piece_is_fulfilled_by_the_capture_that_strips_the_roller() {
        // White rolls 3 with his king and one knight; Black's bishop takes the knight: White is
        // naked and wins (Art. 9.3). No other Black move is a fulfilment.
        let s = state("7k/8/8/8/8/2b5/8/N5K1 w - - 0 1");
        let all = fulfilments(&s, 3).unwrap();
        assert_eq!(all.len(), 1, "{all:?}");
        assert_eq!(all[0].by, shakmaty::Color::Black);
        assert!(matches!(
            all[0].steps.as_slice(),
            [Step::Move(m)] if m.is_capture() && m.to() == Square::A1
        ));
        assert_eq!(all[0].end.map(|e| e.winner), Some(shakmaty::Color::White));
    }

    #[test]
    fn a_die_has_six_faces() {
        let s = state("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(fulfilments(&s, 7).is_err());
        assert!(fulfilments(&s, 0).is_err());
    }
}
