//! `GET /api/games/{id}/moves`: the game as a move list a player reads and steps through:
//! each turn with its face and its actions as the referee resolved them, the board after each,
//! what the turn did that its moves do not say, and how the game ended.

use serde::Serialize;

use crate::record::{Side, Variant};
use crate::render::model::{ActionView, Shape, Snapshot, game_view};

use super::options::NextKind;
use super::told::{EndTold, end_told, turn_told};
use crate::serve::error::ApiError;
use crate::serve::live::Live;

/// The move list of a game.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Moves {
    /// The board at the start: a FEN's placement field (a Sade FEN's pocket left out).
    pub start: String,
    /// The pieces off the board at the start, as letters (White's upper case): `QNp`.
    pub start_pools: String,
    pub turns: Vec<MoveTurn>,
    /// How the game ended, once it has.
    pub end: Option<EndTold>,
}

/// One turn of the move list.
#[derive(Serialize, utoipa::ToSchema)]
pub struct MoveTurn {
    /// `5` (White's) or `5...` (Black's).
    pub label: String,
    #[schema(schema_with = crate::serve::schema::side)]
    pub side: Side,
    /// The die's face (Sade).
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 6)]
    pub face: Option<u8>,
    pub actions: Vec<MoveAction>,
    /// What the turn did that its actions do not show, with the Article: "White rolled 5 and
    /// had nothing to bring back: the turn passes (Art. 7)."
    pub told: Option<String>,
}

/// One action of the move list, as the referee resolved it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct MoveAction {
    /// From 1 in its turn.
    pub number: usize,
    /// As the record writes it: `Nf3`, `-b2`, `N@a6`, `--`.
    pub san: String,
    pub kind: NextKind,
    /// Whose piece moved, was taken off or came back (none for `--`).
    #[schema(schema_with = crate::serve::schema::side_or_null)]
    pub color: Option<Side>,
    /// `K`, `Q`, `R`, `B`, `N` or `P` (none for `--`).
    #[schema(value_type = Option<String>, pattern = "^[KQRBNP]$")]
    pub piece: Option<char>,
    #[schema(schema_with = crate::serve::schema::square_or_null)]
    pub from: Option<String>,
    #[schema(schema_with = crate::serve::schema::square_or_null)]
    pub to: Option<String>,
    /// The piece a pawn became.
    #[schema(schema_with = crate::serve::schema::piece_or_null)]
    pub promotion: Option<char>,
    /// The board after the action: a FEN's placement field.
    pub fen: String,
    /// The pieces off the board after the action (White's upper case).
    pub pools: String,
}

/// The move list of `live`'s game.
///
/// # Errors
/// 409 when the game's start position cannot be drawn (a game the server holds always can).
pub fn moves(live: &Live) -> Result<Moves, ApiError> {
    let view = game_view(&live.game)
        .map_err(|e| ApiError::conflict("game", format!("no move list: {e}")))?;
    let variant = live.game.variant().unwrap_or(Variant::Standard);
    let count = view.turns.len();
    // The turn in progress has done nothing yet that could be told (a face 5 rolled and not
    // yet played has no action either, but it may well bring a piece back).
    let open = live.turn_in_progress();
    let over = live.verdict.status == crate::referee::Status::Finished;
    let mut turns = Vec::with_capacity(count);
    let mut board = view.start.clone();
    for (i, turn) in view.turns.iter().enumerate() {
        let mut actions = Vec::new();
        for action in &turn.actions {
            if let Some(after) = &action.after {
                board = after.clone();
            }
            actions.push(move_action(action, &board));
        }
        turns.push(MoveTurn {
            label: turn.label.clone(),
            side: Side::from(turn.side),
            face: turn.face.map(u8::from),
            actions,
            told: (open != Some(turn.index))
                .then(|| turn_told(variant, turn, over && i + 1 == count))
                .flatten(),
        });
    }
    Ok(Moves {
        start: view.start.board.to_string(),
        start_pools: view.start.pool_letters(),
        turns,
        end: end_told(&live.verdict, view.turns.last()),
    })
}

fn move_action(action: &ActionView, board: &Snapshot) -> MoveAction {
    let (kind, from, to) = match action.shape {
        Shape::Move { from, to } => (NextKind::Move, Some(from), Some(to)),
        Shape::Sacrifice { square } => (NextKind::Sacrifice, Some(square), None),
        Shape::Resurrection { square } => (NextKind::Resurrection, None, Some(square)),
        Shape::Nothing | Shape::Unplayed { .. } => (NextKind::Nothing, None, None),
    };
    MoveAction {
        number: action.number,
        san: action.written.clone(),
        kind,
        color: action.piece.map(|p| Side::from(p.color)),
        piece: action.piece.map(|p| p.role.upper_char()),
        from: from.map(|s| s.to_string()),
        to: to.map(|s| s.to_string()),
        promotion: action.promotion.map(|r| r.upper_char()),
        fen: board.board.to_string(),
        pools: board.pool_letters(),
    }
}
