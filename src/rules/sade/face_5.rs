//! Face 5, the resurrection (Art. 7; R8): the opponent's highest piece in the pool (Q > R > B >
//! N, never a pawn) goes back on an empty square where it does not check the roller's king. If
//! there is none, or no such square, `--` and the turn passes.

use crate::rules::Article;
use shakmaty::{Bitboard, Role, Square, attacks};

use super::aftermath::Aftermath;
use super::fault::{Fault, Illegal, Refused};
use super::notation::squares_text;
use super::open_turn::{Next, OpenTurn};
use super::state::{self, State};
use super::step::Step;
use crate::record::ActionKind;

/// The piece that must come back: the opponent's highest in the pool.
pub(crate) fn due(state: &State) -> Option<Role> {
    let pool = state.pocket().get(!state.roller());
    [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
        .into_iter()
        .find(|&role| *pool.get(role) > 0)
}

/// Whether a piece of the opponent's can come back at all (R8); when not, face 5 passes.
pub(crate) fn can_return(state: &State) -> bool {
    due(state).is_some_and(|role| squares(state, role).any())
}

/// The empty squares where `role` of the opponent gives no check to the roller's king.
fn squares(state: &State, role: Role) -> Bitboard {
    let board = state.board();
    let piece = role.of(!state.roller());
    let king = board.king_of(state.roller());
    (!board.occupied())
        .into_iter()
        .filter(|&sq| !gives_check(state, piece.role, sq, king))
        .collect()
}

fn gives_check(state: &State, role: Role, square: Square, king: Option<Square>) -> bool {
    let board = state.board();
    let piece = role.of(!state.roller());
    king.is_some_and(|king| {
        attacks::attacks(square, piece, board.occupied().with(square)).contains(king)
    })
}

/// Every resurrection, or `--` when none is possible.
pub(crate) fn options(state: &State) -> Result<Vec<Step>, Refused> {
    let Some(role) = due(state) else {
        return Ok(vec![Step::Nothing]);
    };
    let steps: Vec<Step> = squares(state, role)
        .into_iter()
        .map(|square| Step::Resurrection { role, square })
        .collect();
    Ok(if steps.is_empty() {
        vec![Step::Nothing]
    } else {
        steps
    })
}

/// The resurrection a written action names.
pub(crate) fn resolve(progress: &OpenTurn, kind: &ActionKind) -> Result<Step, Fault> {
    let state = &progress.state;
    let roller = progress.roller();
    let opponent = !roller;
    let ActionKind::Resurrection { role, square } = *kind else {
        return Err(Illegal::new(
            format!(
                "face 5 asks for a resurrection (`Q@d4`) or `--`, not `{kind}`; no regular move \
                 follows (Art. 7)"
            ),
            Article::Art7,
        )
        .into());
    };
    if matches!(role, Role::Pawn | Role::King) {
        return Err(Illegal::new(
            format!(
                "{} is never resurrected: only queens, rooks, bishops and knights (Art. 7)",
                state::a_role(role)
            ),
            Article::Art7,
        )
        .into());
    }
    let Some(due) = due(state) else {
        return Err(Illegal::new(
            format!(
                "the pool holds no queen, rook, bishop or knight of {}, so the turn passes with \
                 `--` (Art. 7)",
                state::possessive(opponent)
            ),
            Article::Art7,
        )
        .into());
    };
    if role != due {
        return Err(Illegal::new(
            format!(
                "the pool holds {}, so {} must be resurrected (Art. 7)",
                state::a_role(due),
                state::a_role(due)
            ),
            Article::Art7,
        )
        .into());
    }
    if let Some(piece) = state.board().piece_at(square) {
        return Err(Illegal::new(
            format!(
                "{square} is not empty: {} {} stands there (Art. 7)",
                state::possessive(piece.color),
                state::role_name(piece.role)
            ),
            Article::Art7,
        )
        .into());
    }
    if gives_check(state, role, square, state.board().king_of(roller)) {
        let allowed = squares(state, role);
        let hint = if allowed.is_empty() {
            " (and no square is safe, so the turn passes with `--`)".to_owned()
        } else {
            String::new()
        };
        return Err(Illegal::new(
            format!(
                "{} on {square} would give check to {} king{hint} (Art. 7)",
                state::a_role(role),
                state::possessive(roller)
            ),
            Article::Art7,
        )
        .into());
    }
    Ok(Step::Resurrection { role, square })
}

/// Puts the piece back (it is the opponent's) and ends the turn.
pub(crate) fn apply(progress: &OpenTurn, step: Step) -> Result<Next, Fault> {
    let Step::Resurrection { role, square } = step else {
        return Err(Illegal::new("face 5 asks for a resurrection", Article::Art7).into());
    };
    let next = progress
        .state
        .after_placement(role.of(!progress.roller()), square);
    // A placement that gives no check to the roller's king creates no check at all: the board
    // says so anyway, and nothing else may end the turn.
    match Aftermath::of(&next)? {
        Aftermath::Quiet => Ok(Next::Done(next)),
        _ => Err(Illegal::new(
            format!("{} on {square} gives check (Art. 7)", state::a_role(role)),
            Article::Art7,
        )
        .into()),
    }
}

/// `--` on face 5: the turn passes when nothing can come back, a false claim otherwise (R14).
pub(crate) fn nothing(progress: &OpenTurn) -> Result<Next, Fault> {
    let state = &progress.state;
    if let Some(role) = due(state) {
        let allowed = squares(state, role);
        if allowed.any() {
            let shown = squares_text(allowed.into_iter().take(3).collect());
            return Err(Illegal::new(
                format!(
                    "`--` claims nothing can be resurrected, but the pool holds {} of {} that \
                     can go on {shown}{} (R14)",
                    state::a_role(role),
                    state::possessive(!progress.roller()),
                    if allowed.count() > 3 { ", ..." } else { "" }
                ),
                Article::R14,
            )
            .into());
        }
    }
    Ok(Next::Done(state.after_nothing()))
}
