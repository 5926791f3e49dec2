//! Matching a written move (SAN or UCI) to the legal move it names, and saying why none does.

use shakmaty::{Chess, Color, Move, MoveList, Position};

use super::fault::{Illegal, Refused};
use super::state::{self, State};
use crate::record::{ActionKind, SanMove};
use crate::rules::Article;
use crate::rules::resolve::{capture_mark_flipped, resolve_uci, to_shakmaty, unique_match};

/// A written move that no allowed candidate matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unresolved {
    /// No legal move of this colour matches.
    NoMatch,
    /// Several allowed moves match.
    Ambiguous,
    /// The only matching moves are not allowed here.
    NotAllowed(Illegal),
}

/// The legal move of `color` that a written move names, among those `allowed` accepts. SAN is
/// matched exactly first, then with the capture mark ignored; a SAN that names several legal
/// moves of which only one is allowed (a piece that already moved) resolves to that one.
pub(crate) fn resolve_move(
    state: &State,
    color: Color,
    kind: &ActionKind,
    allowed: impl Fn(Move) -> Result<(), Illegal>,
) -> Result<Result<Move, Unresolved>, Refused> {
    let mut candidates = MoveList::new();
    matching(state.chess(color)?, kind, &mut candidates);
    Ok(match candidates.as_slice() {
        [] => Err(Unresolved::NoMatch),
        [m] => allowed(*m).map(|()| *m).map_err(Unresolved::NotAllowed),
        _ => {
            let mut first_error = None;
            let mut fine = Vec::new();
            for m in &candidates {
                match allowed(*m) {
                    Ok(()) => fine.push(*m),
                    Err(e) => {
                        first_error.get_or_insert(e);
                    }
                }
            }
            match (fine.as_slice(), first_error) {
                ([m], _) => Ok(*m),
                ([], Some(e)) => Err(Unresolved::NotAllowed(e)),
                _ => Err(Unresolved::Ambiguous),
            }
        }
    })
}

/// The legal moves a written move names, into `found`: shakmaty's candidates for the SAN's piece
/// and square (not the whole legal move list), those the SAN matches exactly, else those it
/// matches with the capture mark flipped. The candidates come in the order of the legal move
/// list. (Copied one by one: a move list is 2 KB, which moving it whole would copy.) The common
/// case, one piece free to go in a position without check, is found without that list.
fn matching(pos: &Chess, kind: &ActionKind, found: &mut MoveList) {
    if let ActionKind::San(san) = kind
        && let Some(m) = unique_match(pos, *san)
    {
        found.push(m);
        return;
    }
    match kind {
        ActionKind::San(SanMove::Castle(side)) => found.extend(pos.castling_moves(*side)),
        ActionKind::San(san @ SanMove::Normal { role, to, .. }) => {
            let candidates = pos.san_candidates(*role, *to);
            let strict = to_shakmaty(*san);
            if candidates.iter().any(|m| strict.matches(*m)) {
                found.extend(candidates.iter().copied().filter(|m| strict.matches(*m)));
            } else if let Some(flipped) = capture_mark_flipped(*san) {
                found.extend(candidates.iter().copied().filter(|m| flipped.matches(*m)));
            }
        }
        ActionKind::Uci(uci) => found.extend(resolve_uci(pos, *uci).ok()),
        _ => {}
    }
}

/// The standard message for a move the face's colour cannot make.
pub(crate) fn unresolved_illegal(
    state: &State,
    color: Color,
    kind: &ActionKind,
    unresolved: Unresolved,
) -> Illegal {
    match unresolved {
        Unresolved::NotAllowed(illegal) => illegal,
        Unresolved::Ambiguous => Illegal::new(
            format!(
                "{kind} could be more than one move of {} pieces; the piece's file or rank must \
                 be named (SAN)",
                state::possessive(color)
            ),
            Article::San,
        ),
        Unresolved::NoMatch => no_match(state, color, kind),
    }
}

/// Why no legal move matches: a lost castling right, a late en passant, or just illegal.
fn no_match(state: &State, color: Color, kind: &ActionKind) -> Illegal {
    if let ActionKind::San(SanMove::Castle(side)) = kind {
        let has_right = state
            .position(color)
            .is_ok_and(|pos| pos.castles().has(color, *side));
        if !has_right {
            return Illegal::new(
                format!(
                    "{} may no longer castle {}: the king or that rook has moved or left the \
                     board (R11)",
                    state::color_name(color),
                    if *side == shakmaty::CastlingSide::KingSide {
                        "king-side"
                    } else {
                        "queen-side"
                    }
                ),
                Article::R11,
            );
        }
    }
    if late_en_passant(state, color, kind) {
        return Illegal::new(
            format!(
                "{kind} would take en passant, but only the very next action after the pawn's \
                 double step may (R11)"
            ),
            Article::R11,
        );
    }
    Illegal::new(
        format!(
            "{kind} is not a legal move of {} pieces here (R1)",
            state::possessive(color)
        ),
        Article::R1,
    )
}

/// Whether a written pawn capture goes to an empty square behind an enemy pawn on its fifth
/// rank: an en passant capture whose moment has passed.
fn late_en_passant(state: &State, color: Color, kind: &ActionKind) -> bool {
    let to = match kind {
        ActionKind::San(SanMove::Normal {
            role: shakmaty::Role::Pawn,
            capture: true,
            to,
            ..
        }) => *to,
        ActionKind::Uci(uci)
            if uci.from.file() != uci.to.file()
                && state.board().piece_at(uci.from) == Some(shakmaty::Role::Pawn.of(color)) =>
        {
            uci.to
        }
        _ => return false,
    };
    let board = state.board();
    let (rank, behind) = match color {
        Color::White => (shakmaty::Rank::Sixth, to.offset(-8)),
        Color::Black => (shakmaty::Rank::Third, to.offset(8)),
    };
    to.rank() == rank
        && board.piece_at(to).is_none()
        && behind.and_then(|sq| board.piece_at(sq)) == Some(shakmaty::Role::Pawn.of(!color))
}
