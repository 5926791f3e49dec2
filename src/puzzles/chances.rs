//! Quick looks for the chances rare puzzle themes need, before the referee's analysis, which
//! alone decides: a mate that takes en passant or castles (Marseillais), a sacrifice that
//! stalemates, a series with few moves and a check in them, or few moves at all, an exposure
//! that may check (Sade).

use shakmaty::Position;

use crate::rules::marseillais::TurnStart;
use crate::rules::sade::State;

/// Whether a series of faces 2 and 3 may leave the roller one way not to lose: the opponent's
/// pieces, which the series moves, have few moves (at most 12), one of them at least a check,
/// which breaks the series and loses unless it mates (Art. 4.1). A quick look before the
/// analysis, which alone decides; the survivals found in whole games had 5 to 10 such moves.
pub(crate) fn may_have_to_survive(state: &State) -> bool {
    let opponent = !state.roller();
    state.position(opponent).is_ok_and(|pos| {
        let moves = pos.legal_moves();
        moves.len() <= 12
            && moves.iter().any(|&m| {
                let mut after = pos.clone();
                after.play_unchecked(m);
                after.is_check()
            })
    })
}

/// Whether a series of faces 2 and 3 may be left with no way to complete it (Poverty of the
/// Flesh, Art. 13.2): the opponent's pieces, which the series moves, have few moves (at most
/// 12), so that one of them can take away or block what another needed. A quick look before
/// the analysis, which alone decides.
pub(crate) fn may_be_left_poor(state: &State) -> bool {
    let opponent = !state.roller();
    state
        .position(opponent)
        .is_ok_and(|pos| pos.legal_moves().len() <= 12)
}

/// Whether face 6's exposure may leave the roller one way not to lose: a piece of the roller's
/// next to the king has a move away from it that gives check, which breaks the series and
/// loses unless it mates (Art. 8, 4.1). A quick look before the analysis, which alone decides.
pub(crate) fn may_expose_into_check(state: &State) -> bool {
    let roller = state.roller();
    if state.in_check(roller) {
        return false;
    }
    let Ok(pos) = state.position(roller) else {
        return false;
    };
    let board = pos.board();
    let Some(king) = board.king_of(roller) else {
        return false;
    };
    let near = shakmaty::attacks::king_attacks(king);
    let exposed = near & board.by_color(roller);
    pos.legal_moves().iter().any(|m| {
        m.from().is_some_and(|from| exposed.contains(from)) && !near.contains(m.to()) && {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            after.is_check()
        }
    })
}

/// Whether the roller of `state`, not in check, is left without a legal move once one of their
/// pieces other than the king is taken off: the Sweet Stalemate of face 4 (Art. 9.1) may come.
/// A quick look before the analysis, which alone decides.
pub(crate) fn may_stalemate_by_sacrifice(state: &State) -> bool {
    let roller = state.roller();
    if state.in_check(roller) {
        return false;
    }
    let board = state.board();
    let pieces = board.by_color(roller) & !board.kings();
    pieces.into_iter().any(|square| {
        state
            .after_removal(square)
            .position(roller)
            .is_ok_and(|pos| !pos.is_check() && pos.legal_moves().is_empty())
    })
}

/// Whether a turn from `start` mates with a first move that takes en passant (M4 allows it
/// only first), or with a castling move, first or second (M5). A quick look before the
/// analysis, which alone decides: it leaves aside the turn's other ends.
pub(crate) fn may_mate_with(start: &TurnStart, en_passant: bool, castling: bool) -> bool {
    for first in start.board().legal_moves() {
        let themed = (en_passant && first.is_en_passant()) || (castling && first.is_castle());
        if !themed && !castling {
            continue;
        }
        let mut after = start.pos.clone();
        after.play_unchecked(first);
        if after.is_check() {
            // A check with the first move ends the turn (M2).
            if themed && after.is_checkmate() {
                return true;
            }
            continue;
        }
        let Some(mid) = start.second_board(first, &after) else {
            continue;
        };
        let mates = mid.legal_moves().into_iter().any(|second| {
            (themed || second.is_castle()) && {
                let mut end = mid.pos.clone();
                end.play_unchecked(second);
                end.is_checkmate()
            }
        });
        if mates {
            return true;
        }
    }
    false
}
