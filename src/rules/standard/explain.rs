//! Why a written move is not a legal move, in the words an arbiter uses: "no knight can reach
//! f6", "Bxe5 is ambiguous: it could be Bcxe5 or Bgxe5", "White has lost the right to castle
//! king-side".
//!
//! The rule sets decide legality (`resolve` does); this module only explains a refusal, so that
//! a Violation names its cause. Each rule set maps the [`Why`] to its own article.

use shakmaty::attacks;
use shakmaty::san::San;
use shakmaty::{Bitboard, CastlingSide, Chess, Color, Move, Position, Role, Square};

use crate::record::{ActionKind, SanMove, UciMove};
use crate::rules::resolve::MoveError;

/// The kind of rule a written move breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The piece does not move that way, or there is no such piece.
    Movement,
    /// The move leaves (or puts) the mover's own king in check.
    Check,
    /// Castling: the right is lost, the path is blocked or attacked.
    Castling,
    /// A pawn reaching the last rank must promote; only such a pawn may.
    Promotion,
    /// An en passant capture that is not available now.
    EnPassant,
    /// More than one legal move matches the SAN.
    Ambiguous,
    /// The action is not a move at all (a sacrifice, a resurrection).
    NotAMove,
}

/// Why a written move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The whole sentence: "Nf6 is not legal: no knight can reach f6".
    pub reason: String,
    pub why: Why,
}

/// Explains why `kind` was refused in `pos` with `error`.
pub fn explain(pos: &Chess, kind: &ActionKind, error: MoveError) -> Explanation {
    let written = kind.to_string();
    let (why, detail) = match (kind, error) {
        (ActionKind::San(san), MoveError::Ambiguous) => (Why::Ambiguous, ambiguous(pos, *san)),
        (ActionKind::San(SanMove::Castle(side)), _) => (Why::Castling, castling(pos, *side)),
        (
            ActionKind::San(SanMove::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            }),
            _,
        ) => {
            let mut from = pos.our(*role);
            if let Some(file) = file {
                from &= Bitboard::from(*file);
            }
            if let Some(rank) = rank {
                from &= Bitboard::from(*rank);
            }
            normal(pos, *role, from, *to, *promotion, place(*file, *rank))
        }
        (ActionKind::Uci(uci), _) => self::uci(pos, *uci),
        (ActionKind::Sacrifice { .. } | ActionKind::Resurrection { .. }, _)
        | (ActionKind::Nothing {}, _) => (
            Why::NotAMove,
            "it is a Marquis de Sade action, not a move".to_owned(),
        ),
    };
    let reason = match why {
        Why::Ambiguous => format!("{written} is ambiguous: {detail}"),
        _ => format!("{written} is not legal: {detail}"),
    };
    Explanation { reason, why }
}

fn ambiguous(pos: &Chess, san: SanMove) -> String {
    let SanMove::Normal {
        role,
        file,
        rank,
        to,
        promotion,
        ..
    } = san
    else {
        return "more than one castling move matches".to_owned();
    };
    let options: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.role() == role
                && m.to() == to
                && !m.is_castle()
                && (promotion.is_none() || m.promotion() == promotion)
                && m.from().is_some_and(|f| {
                    file.is_none_or(|file| f.file() == file)
                        && rank.is_none_or(|rank| f.rank() == rank)
                })
        })
        .map(|m| San::from_move(pos, m).to_string())
        .collect();
    match options.as_slice() {
        [] | [_] => "more than one legal move matches".to_owned(),
        [init @ .., last] => format!("it could be {} or {last}", init.join(", ")),
    }
}

/// " on the e-file", " on rank 2", " on e2", or nothing.
fn place(file: Option<shakmaty::File>, rank: Option<shakmaty::Rank>) -> String {
    match (file, rank) {
        (Some(file), Some(rank)) => format!(" on {}", Square::from_coords(file, rank)),
        (Some(file), None) => format!(" on the {}-file", file.char()),
        (None, Some(rank)) => format!(" on rank {}", rank.char()),
        (None, None) => String::new(),
    }
}

fn uci(pos: &Chess, uci: UciMove) -> (Why, String) {
    let us = pos.turn();
    let Some(piece) = pos.board().piece_at(uci.from) else {
        return (Why::Movement, format!("there is no piece on {}", uci.from));
    };
    if piece.color != us {
        return (
            Why::Movement,
            format!(
                "the {} on {} is {}'s, and it is {}'s move",
                role_name(piece.role),
                uci.from,
                color_name(piece.color),
                color_name(us)
            ),
        );
    }
    if piece.role == Role::King {
        let own_rook = pos.our(Role::Rook).contains(uci.to);
        let two_steps = uci.from.rank() == uci.to.rank()
            && uci.from.file().distance(uci.to.file()) == 2
            && uci.from.rank() == us.backrank();
        if own_rook || two_steps {
            let side = CastlingSide::from_king_side(uci.to.file() > uci.from.file());
            return (Why::Castling, castling(pos, side));
        }
    }
    normal(
        pos,
        piece.role,
        Bitboard::from(uci.from),
        uci.to,
        uci.promotion,
        format!(" on {}", uci.from),
    )
}

fn normal(
    pos: &Chess,
    role: Role,
    from: Bitboard,
    to: Square,
    promotion: Option<Role>,
    place: String,
) -> (Why, String) {
    let us = pos.turn();
    if from.is_empty() {
        return (
            Why::Movement,
            format!("{} has no {}{place}", color_name(us), role_name(role)),
        );
    }
    if let Some(own) = pos.board().piece_at(to).filter(|p| p.color == us) {
        return (
            Why::Movement,
            format!(
                "{to} is occupied by {}'s own {}",
                color_name(us),
                role_name(own.role)
            ),
        );
    }
    // A pawn move to the right square with the wrong promotion.
    if role == Role::Pawn {
        let same_path: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.role() == Role::Pawn && m.to() == to)
            .filter(|m| m.from().is_some_and(|f| from.contains(f)))
            .collect();
        if !same_path.is_empty() {
            let detail = if promotion.is_none() {
                format!("a pawn that reaches {to} must promote (e.g. {to}=Q)")
            } else if same_path.iter().all(|m| m.promotion().is_none()) {
                format!("a pawn promotes only on the last rank, and {to} is not on it")
            } else {
                "a pawn promotes to a queen, rook, bishop or knight".to_owned()
            };
            return (Why::Promotion, detail);
        }
    }
    let (reach, en_passant) = pseudo_reach(pos, role, from, to);
    if en_passant && reach.is_empty() {
        return (
            Why::EnPassant,
            format!("en passant on {to} is not possible now"),
        );
    }
    if reach.is_empty() {
        let who = match from.single_square() {
            Some(sq) => format!("the {} on {sq} cannot", role_name(role)),
            None => format!(
                "no {} {} can",
                color_name(us).to_lowercase(),
                role_name(role)
            ),
        };
        return (Why::Movement, format!("{who} reach {to}"));
    }
    if en_passant {
        // The pawn could take en passant if that were available.
        return (
            Why::EnPassant,
            format!("en passant on {to} is not possible now"),
        );
    }
    let detail = if role == Role::King {
        format!("the king may not move into check on {to}")
    } else if pos.is_check() {
        format!(
            "{} is in check and it does not parry the check",
            color_name(us)
        )
    } else {
        match reach.single_square() {
            Some(sq) => format!(
                "the {} on {sq} is pinned: moving it would expose {}'s king to check",
                role_name(role),
                color_name(us)
            ),
            None => format!("it would expose {}'s king to check", color_name(us)),
        }
    };
    (Why::Check, detail)
}

/// The pieces in `from` that could move to `to` if their own king's safety did not matter, and
/// whether the move would be an en passant capture (a pawn capture onto an empty square behind
/// an enemy pawn).
fn pseudo_reach(pos: &Chess, role: Role, from: Bitboard, to: Square) -> (Bitboard, bool) {
    let us = pos.turn();
    let occupied = pos.board().occupied();
    let mut reach = Bitboard::EMPTY;
    let mut en_passant = false;
    for sq in from {
        let ok = match role {
            Role::Pawn => {
                if sq.file() == to.file() {
                    let step = if us == Color::White { 8 } else { -8 };
                    let one = sq.offset(step);
                    let two = sq.offset(2 * step);
                    !occupied.contains(to)
                        && (one == Some(to)
                            || (two == Some(to)
                                && sq.rank() == us.relative_rank(shakmaty::Rank::Second)
                                && one.is_some_and(|s| !occupied.contains(s))))
                } else if attacks::pawn_attacks(us, sq).contains(to) {
                    if pos.them().contains(to) {
                        true
                    } else {
                        let behind = to.offset(if us == Color::White { -8 } else { 8 });
                        if behind.is_some_and(|b| pos.their(Role::Pawn).contains(b)) {
                            en_passant = true;
                        }
                        false
                    }
                } else {
                    false
                }
            }
            _ => attacks::attacks(sq, role.of(us), occupied).contains(to),
        };
        if ok {
            reach.add(sq);
        }
    }
    (reach, en_passant)
}

fn castling(pos: &Chess, side: CastlingSide) -> String {
    let us = pos.turn();
    let wing = if side.is_king_side() {
        "king-side"
    } else {
        "queen-side"
    };
    let castles = pos.castles();
    if !castles.has(us, side) {
        return format!("{} has lost the right to castle {wing}", color_name(us));
    }
    if pos.is_check() {
        return format!(
            "{} is in check, and may not castle out of it",
            color_name(us)
        );
    }
    let king = pos.board().king_of(us);
    let rook = castles.rook(us, side);
    let mut path = castles.path(us, side);
    if let Some(king) = king {
        path.discard(king);
    }
    if let Some(rook) = rook {
        path.discard(rook);
    }
    if (path & pos.board().occupied()).any() {
        return format!("the squares between king and rook are not empty ({wing})");
    }
    "the king would pass through or land on an attacked square".to_owned()
}

pub use crate::rules::names::{color_name, role_name};
