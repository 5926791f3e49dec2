//! The replay of a Marseillais record: its start position read, then the turns played by the
//! replayer, with what M6 looks back on where the replay stopped.

use crate::record::{Game, Variant};
use crate::rules::standard;
use shakmaty::{Color, Position};

use crate::rules::{Detail, Replay};

use super::board::Board;
use super::ends::LookBack;
use super::replayer::{GAME_START, Replayer, TurnEnd, TurnState};

/// Replays a game under the rules of Marseillais chess (Balanced or Classical start).
pub fn replay(game: &Game, detail: Detail) -> Replay {
    replay_looking_back(game, detail).0
}

/// [`replay`], and what M6 looks back on where the replay stopped (at the start of a turn: the
/// turn starts before that one).
pub(crate) fn replay_looking_back(game: &Game, detail: Detail) -> (Replay, LookBack) {
    let start = match standard::start_position(game) {
        Ok(start) => start,
        Err(error) => return (Replay::invalid(error), LookBack::default()),
    };
    let variant = game.variant();
    // M7: the Balanced single first move belongs to a game from the initial position only.
    let balanced = variant != Ok(Variant::MarseillaisClassical) && !start.from_fen;
    let mover = start.pos.turn();
    let fullmoves = start.pos.fullmoves();
    // The FEN's halfmove clock counts single moves, two a turn.
    let mut look_back = LookBack::from_clock(start.pos.halfmoves());
    let notes = start.notes();
    let board = Board {
        pos: start.pos,
        ep: Vec::new(),
    };
    let first_len = if balanced && mover == Color::White {
        1
    } else {
        2
    };
    let mut replay = Replayer {
        game,
        detail,
        mode: start.mode,
        turn: TurnState::new(mover, first_len, &board),
        board,
        resolved: Vec::new(),
        turns: 0,
        look_back: &mut look_back,
        stalemate_due: false,
        fullmoves,
        last: GAME_START,
        check_ended: None,
        last_end: TurnEnd::TwoMoves,
        notes: Vec::new(),
        counted: Vec::new(),
        split_turns: 0,
    }
    .run();
    let mut all = notes;
    all.append(&mut replay.notes);
    replay.notes = all;
    // The turn start the replay stands at is counted in the look-back: a start of that turn
    // looks back on those before it.
    look_back.seen.pop();
    (replay, look_back)
}
