//! A cut of the fulfilment search (`search.rs`) for a series of the opponent's pieces (faces
//! 1–3) down to its last piece with moves still due: only a move that ends the game at once can
//! be a fulfilment there.

use shakmaty::Position;

use super::fault::Refused;
use super::progress::{Phase, Progress};
use super::reach;
use super::step::Step;

/// A series of the opponent's pieces at the move of the last of them that has not moved, with
/// moves still due after it: whatever that move is, no piece is left to complete the series, so
/// it is a fulfilment only if it ends the game at once, by a mate or by leaving a side naked
/// (Art. 1–3). A move that gives no check and takes nothing does neither, and the search skips it
/// without building the position after it: it would only find the series stuck one move later.
/// Nor does a capture that gives no check while the roller keeps another piece besides his king
/// (nakedness is the king alone, Art. 9.3; the opponent, whose piece moves, keeps it).
pub(crate) struct LastPieceShort<'a> {
    /// The position with the series' side to move.
    chess: &'a shakmaty::Chess,
    /// Whether one capture can leave the roller naked: his king and one piece are left.
    one_capture_strips: bool,
    /// The roller's king.
    king: Option<shakmaty::Square>,
}

/// See [`LastPieceShort`]; `None` when the series may still be completed (or is not the
/// opponent's).
pub(crate) fn last_enemy_piece_short(progress: &Progress) -> Option<LastPieceShort<'_>> {
    let Phase::Series(series) = &progress.phase else {
        return None;
    };
    if series.by == progress.roller() || series.left < 2 {
        return None;
    }
    let board = progress.state.board();
    // The opponent's pieces that may still move in the series: not his king, not one that
    // moved. Moving the opponent's pieces takes none of his, so none is gained or lost.
    let movable = board.by_color(series.by) & !board.kings() & !series.used;
    if movable.count() != 1 {
        return None;
    }
    let chess = progress.state.chess(series.by).ok()?;
    let roller_pieces = board.by_color(progress.roller()) & !board.kings();
    Some(LastPieceShort {
        chess,
        one_capture_strips: roller_pieces.count() <= 1,
        king: board.king_of(progress.roller()),
    })
}

impl LastPieceShort<'_> {
    /// Whether the move may end the game: it takes the roller's last piece besides his king, or
    /// gives a check his king cannot simply step out of (maybe a mate).
    pub(crate) fn may_end_the_game(&self, step: Step) -> Result<bool, Refused> {
        let Step::Move(m) = step else {
            return Ok(true);
        };
        if m.is_capture() && self.one_capture_strips {
            return Ok(true);
        }
        let played = || {
            let mut after = self.chess.clone();
            after.play_unchecked(m);
            after
        };
        if let Some(king) = self.king
            && !reach::may_give_check(self.chess.board(), m, king)
        {
            debug_assert!(!played().is_check());
            return Ok(false);
        }
        // A check the king can step out of is no mate (Art. 2): not a fulfilment either. Asked
        // as the judgement of the move asks it (`Aftermath::of`), so that skipping the move
        // skips no refusal.
        let after = played();
        Ok(after.is_check()
            && !(after.maybe_ep_square().is_none()
                && reach::king_can_step_away(after.board(), after.turn())))
    }
}
