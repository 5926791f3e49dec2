//! Why a legal turn missed a lesson's goal, in the lesson's words: "no mate: Black's king
//! escapes to h7", "Rb8+ gave check with your first move, which ends your turn (M2)". Read from
//! the position the referee left and the turn as written; the referee's verdict is not changed,
//! only said.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, FromSetup, Position, PositionError, Role, Square, attacks,
};

use super::lesson::Goal;
use crate::record::{Turn, Variant};
use crate::rules::Termination;
use crate::rules::names::{color_name, role_name};

/// The reasons a legal turn that leaves the game going on missed `goal`, each a short clause;
/// empty when there is nothing more to say than that the game goes on.
pub fn missed(
    variant: Variant,
    goal: Goal,
    roller: Color,
    turn: Option<&Turn>,
    final_fen: &str,
) -> Vec<String> {
    let mut reasons = Vec::new();
    if variant == Variant::Marseillais
        && let Some(turn) = turn
        && let [first] = turn.actions().collect::<Vec<_>>()[..]
        && let Some(pos) = position(final_fen, !roller)
        && pos.is_check()
    {
        let mut written = first.to_string();
        if !written.ends_with(['+', '#']) {
            written.push('+');
        }
        reasons.push(format!(
            "{written} gave check with your first move, which ends your turn (M2)"
        ));
    }
    if let Some(mated) = mated_in(goal) {
        reasons.push(no_mate(final_fen, mated));
    }
    reasons
}

/// Why a clicked move (`from`–`to`) that the referee refused as illegal (R1) cannot be played in
/// the position `fen` the referee stopped at, in the lesson's words: "the way from a8 to a1 is
/// blocked", "it would leave Black's king in check", "a knight does not move from g1 to g3".
/// `None` where there is nothing plainer to say than the referee's words (a pawn's move).
pub fn illegal(fen: &str, from: Square, to: Square) -> Option<String> {
    let placement = fen.split_whitespace().next()?;
    let placement = placement.split('[').next()?;
    let board = Fen::from_ascii(format!("{placement} w - - 0 1").as_bytes())
        .ok()?
        .into_setup()
        .board;
    let piece = board.piece_at(from)?;
    if piece.role == Role::Pawn {
        return None;
    }
    let side = color_name(piece.color);
    let name = role_name(piece.role);
    let reach = attacks::attacks(from, piece, board.occupied());
    if !reach.contains(to) {
        return Some(
            if attacks::attacks(from, piece, Bitboard::EMPTY).contains(to) {
                format!("the way from {from} to {to} is blocked")
            } else {
                format!("a {name} does not move from {from} to {to}")
            },
        );
    }
    if board.by_color(piece.color).contains(to) {
        return Some(format!("{to} holds a piece of {side}'s own"));
    }
    Some(if piece.role == Role::King {
        format!("{side}'s king would stand in check on {to}")
    } else {
        format!("the {name} on {from} may not leave: it would leave {side}'s king in check")
    })
}

/// The king the goal wants mated: the winner's own in Sade (Art. 9.2, Art. 10), the loser's in
/// chess and Marseillais.
fn mated_in(goal: Goal) -> Option<Color> {
    match goal.termination {
        Termination::SacrificeAccomplished | Termination::LibertinesMercy => goal.winner,
        Termination::Checkmate => goal.winner.map(|w| !w),
        _ => None,
    }
}

/// Why `mated`'s king is not mated in the position `fen`.
fn no_mate(fen: &str, mated: Color) -> String {
    let side = color_name(mated);
    let Some(pos) = position(fen, mated) else {
        return format!("no mate of {side}'s king");
    };
    if !pos.is_check() {
        return format!("no mate: {side}'s king is not in check");
    }
    let moves = pos.legal_moves();
    let escapes: Vec<String> = moves
        .iter()
        .filter(|m| m.role() == Role::King)
        .map(|m| m.to().to_string())
        .collect();
    match (escapes.as_slice(), moves.first()) {
        ([one], _) => format!("no mate: {side}'s king escapes to {one}"),
        ([first, rest @ ..], _) => format!(
            "no mate: {side}'s king escapes to {first} (or {})",
            rest.join(", ")
        ),
        ([], Some(answer)) => format!(
            "no mate: {} answers the check",
            San::from_move(&pos, *answer)
        ),
        ([], None) => format!("no mate of {side}'s king"),
    }
}

/// The position of `fen` (a Sade pocket left out) with `turn` to move, read leniently: a Sade
/// position need not be one chess reaches.
fn position(fen: &str, turn: Color) -> Option<Chess> {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
    let placement = fields.first_mut()?;
    if let Some(open) = placement.find('[') {
        placement.truncate(open);
    }
    let mut setup = Fen::from_ascii(fields.join(" ").as_bytes())
        .ok()?
        .into_setup();
    setup.turn = turn;
    setup.ep_square = None;
    Chess::from_setup(setup, CastlingMode::Standard)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .ok()
}
