//! The fulfilment search: every legal way to carry out a die face from a state.
//!
//! One depth-first walk (`walk.rs`) over the candidate actions of a turn in progress
//! ([`OpenTurn::options`]), each judged by the same code that judges a written action
//! ([`OpenTurn::apply`]). It is exact: no heuristics and no depth cut-off beyond the face's own
//! length (at most three moves on faces 1–3, one per piece next to the king on face 6). A visitor
//! returning [`ControlFlow::Break`] stops it, so "is there one?" costs only the walk up to the
//! first fulfilment.

use std::ops::ControlFlow;

use super::fault::{Fault, Refused};
use super::fulfilment::Fulfilment;
use super::open_turn::{LookAhead, Next, OpenTurn};
use super::state::State;
use super::step::Step;
use super::walk::Walk;
use crate::record::Face;

/// Calls `visit` with every legal fulfilment of `face` from `state` (the roller is
/// `state.roller()`), until it returns [`ControlFlow::Break`].
///
/// The fulfilments are what the referee accepts as that turn without the roller losing by it:
/// on faces 1–3 the series with the opponent's pieces, or, only when there is none, with the
/// roller's own (R4); on face 4 a sacrifice and a regular move; on face 5 a resurrection, or
/// `--` when nothing can come back; on face 6 every maximal order of the exposure (R9), or the
/// fallback regular move (Art. 8.7), or `--` when there is no move at all (a stalemate, R7). A
/// fulfilment that ends the game early (a mate, nakedness, a stalemate) stops there and carries
/// its [`End`]. A turn that can only be lost (a forbidden check, Poverty of the Flesh) is not a
/// fulfilment: a face with none has no fulfilment at all.
///
/// # Errors
/// [`Refused`] when a position on the way cannot be analysed, or `face` is not 1–6.
pub fn visit_fulfilments<F>(
    state: &State,
    face: Face,
    mut visit: F,
) -> Result<ControlFlow<()>, Refused>
where
    F: FnMut(&Fulfilment) -> ControlFlow<()>,
{
    visit_fulfilments_after(state, face, |f, _| visit(f))
}

/// [`visit_fulfilments`], with the state each fulfilment reaches (before the turn passes), for
/// the engine. Errors as for [`visit_fulfilments`].
pub(crate) fn visit_fulfilments_after<F>(
    state: &State,
    face: Face,
    mut visit: F,
) -> Result<ControlFlow<()>, Refused>
where
    F: FnMut(&Fulfilment, &State) -> ControlFlow<()>,
{
    let progress = OpenTurn::begin(state, face)?;
    let by = progress.by();
    Walk::new(&mut |steps, end, after| {
        visit(
            &Fulfilment {
                by,
                steps: steps.to_vec(),
                end,
            },
            after,
        )
    })
    .walk(&progress)
}

/// Calls `visit` with every way the roller could write the turn of `face` that loses the game
/// (as a [`Fulfilment`] whose `end` is the loss): a series that gives a check that is not mate,
/// up to and including that move (Art. 4.1, R3), and a series started and left with no way to
/// complete it, up to that moment (Poverty of the Flesh, Art. 13.2, R4, R16). What follows such
/// a moment is void, as the referee judges a record: a check given after it is no loss of its
/// own. These are not fulfilments ([`visit_fulfilments`]); an arbiter asks for them to show what
/// a player could not play and why, a puzzle counts them among its answers. The walk takes
/// none of the search's shortcuts, which skip what cannot lead to a fulfilment: it is slower.
///
/// # Errors
/// [`Refused`] as for [`visit_fulfilments`].
pub fn visit_losses<F>(state: &State, face: Face, mut visit: F) -> Result<ControlFlow<()>, Refused>
where
    F: FnMut(&Fulfilment) -> ControlFlow<()>,
{
    let progress = OpenTurn::begin(state, face)?;
    let by = progress.by();
    let mut nothing = |_: &[Step], _, _: &State| ControlFlow::Continue(());
    let mut walk = Walk::keeping_losses(&mut nothing);
    let _complete = walk.walk(&progress)?;
    for (steps, end) in walk.losses() {
        let lost = Fulfilment {
            by,
            steps,
            end: Some(end),
        };
        if visit(&lost).is_break() {
            return Ok(ControlFlow::Break(()));
        }
    }
    Ok(ControlFlow::Continue(()))
}

/// Every legal fulfilment of `face` from `state` (see [`visit_fulfilments`]).
///
/// # Errors
/// [`Refused`] as for [`visit_fulfilments`].
pub fn fulfilments(state: &State, face: Face) -> Result<Vec<Fulfilment>, Refused> {
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
pub fn has_fulfilment(state: &State, face: Face) -> Result<bool, Refused> {
    Ok(visit_fulfilments(state, face, |_| ControlFlow::Break(()))?.is_break())
}

/// The first way to finish the turn in progress, if there is one.
pub(crate) fn first(progress: &OpenTurn) -> Result<Option<Vec<Step>>, Refused> {
    let mut found = None;
    let _stopped = Walk::new(&mut |steps, _, _| {
        found = Some(steps.to_vec());
        ControlFlow::Break(())
    })
    .walk(progress)?;
    Ok(found)
}

/// The first candidate the board accepts (a move that gives no check but mate, ...), without
/// looking further: whether the turn in progress can take one more step.
pub(crate) fn first_step(progress: &OpenTurn) -> Result<Option<Step>, Refused> {
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
pub(crate) fn any_step(progress: &OpenTurn) -> Result<bool, Refused> {
    Ok(first_step(progress)?.is_some())
}

/// [`fulfilments`] walked without the cuts, for the tests of the cuts.
#[cfg(test)]
fn fulfilments_without_cuts(state: &State, face: Face) -> Result<Vec<Fulfilment>, Refused> {
    let progress = OpenTurn::begin(state, face)?;
    let by = progress.by();
    let mut all = Vec::new();
    let mut keep = |steps: &[Step], end, _: &State| {
        all.push(Fulfilment {
            by,
            steps: steps.to_vec(),
            end,
        });
        ControlFlow::Continue(())
    };
    let mut walk = Walk::without_cuts(&mut keep);
    let _complete = walk.walk(&progress)?;
    Ok(all)
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
        let all = fulfilments(&s, Face::Five).unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].steps, vec![Step::Nothing]);
    }

    #[test]
    fn face_5_lists_every_square_that_gives_no_check() {
        // Black's queen is in the pool; White's king on a1, a pawn on a2, a knight on b1.
        let s = state("rnb1kbnr/pppppppp/8/8/8/8/P7/KN6 w kq - 0 1");
        let all = fulfilments(&s, Face::Five).unwrap();
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
        let all = fulfilments(&s, Face::One).unwrap();
        assert_eq!(all.len(), 20);
        assert!(
            all.iter()
                .all(|f| f.by == shakmaty::Color::Black && f.end.is_none())
        );
    }

    #[test]
    fn face_2_with_one_enemy_piece_that_can_move_is_played_with_own_pieces() {
        // White rolls 2; Black has his king and one rook: one piece can move, face 2 asks for
        // two, so White's own pieces are due (R4), even though Ra1 would mate White. On face 1
        // the rook alone is due, and Ra1 is one of its fulfilments, ending the game.
        let s = state("7k/8/8/8/8/8/r4PPP/6K1 w - - 0 1");
        let all = fulfilments(&s, Face::Two).unwrap();
        assert!(
            !all.is_empty() && all.iter().all(|f| f.by == shakmaty::Color::White),
            "{all:?}"
        );
        let all = fulfilments(&s, Face::One).unwrap();
        assert!(all.iter().all(|f| f.by == shakmaty::Color::Black));
        let ra1 = Step::Move(shakmaty::Move::Normal {
            role: Role::Rook,
            from: Square::A2,
            capture: None,
            to: Square::A1,
            promotion: None,
        });
        let mate = all.iter().find(|f| f.steps == vec![ra1]).expect("Ra1");
        assert_eq!(mate.end.map(|e| e.winner), Some(shakmaty::Color::White));
    }

    #[test]
    fn a_capture_that_strips_the_roller_ends_the_series_early() {
        // White rolls 2 with his king and one knight; Black's bishop c3 and pawn h7 can move, so
        // Black's pieces are due. Bxa1 leaves White naked (Art. 9.3): the series ends there.
        let s = state("7k/7p/8/8/8/2b5/8/N5K1 w - - 0 1");
        let all = fulfilments(&s, Face::Two).unwrap();
        assert!(all.iter().all(|f| f.by == shakmaty::Color::Black));
        let stripped: Vec<_> = all.iter().filter(|f| f.steps.len() == 1).collect();
        assert_eq!(stripped.len(), 1, "{all:?}");
        assert!(matches!(
            stripped[0].steps.as_slice(),
            [Step::Move(m)] if m.is_capture() && m.to() == Square::A1
        ));
        assert_eq!(
            stripped[0].end.map(|e| e.winner),
            Some(shakmaty::Color::White)
        );
        // Face 3: only two Black pieces can move, so White's own are due, and White has two.
        assert!(fulfilments(&s, Face::Three).unwrap().is_empty());
    }

    /// The cuts of the walk skip only what cannot be a fulfilment: the lists are the same
    /// without them.
    fn same_without_cuts(fen: &str, face: Face) -> Vec<Fulfilment> {
        let s = state(fen);
        let all = fulfilments(&s, face).unwrap();
        assert_eq!(
            all,
            fulfilments_without_cuts(&s, face).unwrap(),
            "{fen} face {face}"
        );
        all
    }

    #[test]
    fn the_count_decides_and_a_series_that_breaks_is_no_fulfilment() {
        // R4's first example: Black's knight c8 and bishop e8 can move, so Black's pieces are
        // due; whichever moves first, Rh8 pins the other. No fulfilment (Poverty of the Flesh),
        // and White's own pieces are never used instead.
        let all = same_without_cuts("k1n1b2R/8/8/8/8/8/P7/7K w - - 0 1", Face::Two);
        assert!(all.is_empty(), "{all:?}");
        // Face 1: any one of them; the knight's 4 moves and 6 of the bishop's 7 (Bc6 checks
        // White's king on the long diagonal and is not mate: an illegal action on face 1, R3).
        let all = same_without_cuts("k1n1b2R/8/8/8/8/8/P7/7K w - - 0 1", Face::One);
        assert_eq!(all.len(), 4 + 6, "{all:?}");
    }

    /// The lost ways of `face` from `fen`, each as its end's Article and its moves in SAN.
    fn lost_ways(fen: &str, face: Face) -> Vec<(crate::rules::Article, String)> {
        let s = state(fen);
        let mut lost = Vec::new();
        let _complete = visit_losses(&s, face, |f| {
            let end = f.end.expect("a lost way ends the game");
            assert_eq!(end.winner, !s.roller(), "{f:?}");
            let moves: Vec<String> = f.actions(&s).iter().map(ToString::to_string).collect();
            lost.push((end.article, moves.join(" ")));
            ControlFlow::Continue(())
        })
        .unwrap();
        lost
    }

    #[test]
    fn a_series_left_with_no_way_to_complete_it_is_lost_there() {
        use crate::rules::Article;
        // R4's first example: Black's knight c8 and bishop e8 can move, so Black's pieces are
        // due; whichever moves first, Rh8 pins the other. Each first move is lost by Poverty of
        // the Flesh at that moment (Art. 13.2): the knight's 4 and the bishop's 6 that give no
        // check. Bc6+ checks White's king without mate: lost by the check (Art. 4.1).
        let lost = lost_ways("k1n1b2R/8/8/8/8/8/P7/7K w - - 0 1", Face::Two);
        let poor = |a: &&(Article, String)| a.0 == Article::Art13_2;
        assert_eq!(lost.iter().filter(poor).count(), 10, "{lost:?}");
        assert!(
            lost.iter().filter(poor).all(|(_, m)| !m.contains(' ')),
            "{lost:?}"
        );
        assert!(
            lost.contains(&(Article::Art4_1, "Bc6".to_owned())),
            "{lost:?}"
        );
        assert_eq!(lost.len(), 11, "{lost:?}");
        // Face 3 with White's pawns b6, d6, h5: after bxc7 the rest cannot complete the series
        // (d7 checks, h6 then leaves d6 only that check): lost at bxc7, so "bxc7 h6 d7" is no
        // forbidden check of its own, as the referee judges the record (R16).
        let fen = "4k2r/2p3pp/pP1P1n2/7P/8/5p2/2n2K2/5b2[QRRBBNNPPPPPqrbppp] b k - 0 16";
        let lost = lost_ways(fen, Face::Three);
        assert!(
            lost.contains(&(Article::Art13_2, "bxc7".to_owned())),
            "{lost:?}"
        );
        assert!(
            lost.contains(&(Article::Art13_2, "h6 bxc7".to_owned())),
            "{lost:?}"
        );
        assert!(
            !lost.iter().any(|(_, m)| m.starts_with("bxc7 ")),
            "{lost:?}"
        );
        assert_eq!(lost.len(), 7, "{lost:?}");
    }

    #[test]
    fn a_series_reached_again_in_another_order_is_walked_once() {
        // Art. 1-3: N different pieces. Black's knights can move in either order, then his pawn
        // a4, blocked, cannot: two pieces can move at the roll, fewer than three, so White plays
        // his own pieces (R4).
        for fen in [
            "3k4/8/8/8/p7/P7/8/Rn2K1nR w - - 0 1",
            "k7/8/1n6/p7/P7/8/3n4/R3K2R w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            for face in [Face::One, Face::Two, Face::Three] {
                let _all = same_without_cuts(fen, face);
            }
        }
        let s = state("3k4/8/8/8/p7/P7/8/Rn2K1nR w - - 0 1");
        let all = fulfilments(&s, Face::Three).unwrap();
        assert!(
            all.iter().all(|f| f.by == shakmaty::Color::White),
            "{all:?}"
        );
    }
}
