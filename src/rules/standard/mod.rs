//! Standard chess (and Chess960): one move a turn, FIDE's ends of the game (S1, S2).
//!
//! ```
//! use sade_ref::record::{Action, ActionKind, Game, MoveNumber, Item, Side, Turn, SanMove};
//! use sade_ref::rules::{standard, Outcome, Termination};
//!
//! // 1. f3 e5 2. g4 Qh4#
//! let moves = ["f3", "e5", "g4", "Qh4"];
//! let mut number = MoveNumber { number: 1, side: Side::White };
//! let mut game = Game::default();
//! for san in moves {
//!     let san = SanMove::from_ascii(san.as_bytes()).unwrap();
//!     game.turns.push(Turn {
//!         number,
//!         face: None,
//!         items: vec![Item::Action(Action::new(ActionKind::San(san)))],
//!         span: Default::default(),
//!     });
//!     number = number.next();
//! }
//! let replay = standard::replay(&game, sade_ref::rules::Detail::Verdict);
//! assert!(matches!(
//!     replay.outcome,
//!     Outcome::Finished { termination: Termination::Checkmate, .. }
//! ));
//! ```
//!
//! Policies where the record, not the rules, is in question:
//! - Move numbers are labels (R18): a label that differs from the count is a note, never an
//!   error; a turn that holds more than one move is read as consecutive turns, and the side to
//!   move is the board's.
//! - `+` and `#` are not checked: the board decides whether a move checks or mates.
//! - `--` (or `Z0`) in the main line is an illegal action (R20): FIDE has no null move. Inside a
//!   variation it is kept, as variations are not refereed.
//! - A FEN whose castling rights do not fit its rooks and king loses those rights (see
//!   [`start_position`], which reports them); so does an en passant square that no double
//!   step can explain. A check that cannot arise in a game, or more pieces than promotions
//!   allow, is accepted. An empty board, a missing or extra king, pawns on the first or last
//!   rank, or the side not to move in check make the record invalid.

mod explain;

use crate::rules::Article;
use std::collections::HashMap;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove as ShakUci;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, MoveList, Position, PositionError,
    PositionErrorKinds, Setup, Square,
};

pub use explain::{Explanation, Why, color_name, explain, role_name};

use crate::record::{ActionKind, Game, GameResult, Side, Turn, VariantName};
use crate::rules::resolve::resolve;
use crate::rules::setup::start_of;
use crate::rules::{
    ActionRef, Detail, FaultCode, Outcome, Replay, Resolved, Termination, Violation, labels,
};

/// The legal moves of the side to move: the move generation Standard games are replayed with
/// (and perft counts).
pub fn legal_moves(pos: &Chess) -> MoveList {
    pos.legal_moves()
}

/// Counts the leaf nodes of the legal move tree `depth` plies deep, through [`legal_moves`].
pub fn perft(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(pos);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            perft(&child, depth - 1)
        })
        .sum()
}

/// A game's start position, ready to play.
#[derive(Clone, Debug)]
pub struct StartPosition {
    pub pos: Chess,
    /// Whether castling is Chess960's (king to rook, X-FEN/Shredder rights).
    pub mode: CastlingMode,
    /// Whether the record gave a FEN (a setup).
    pub from_fen: bool,
    /// Castling rights the FEN gave that its king and rooks cannot have, dropped (as
    /// python-chess drops them): `"H"`, `"q"`.
    pub dropped_castling: Vec<char>,
    /// An en passant square the FEN gave that no double step explains, dropped.
    pub dropped_ep: Option<Square>,
}

impl StartPosition {
    /// What was dropped from the FEN, in words.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if !self.dropped_castling.is_empty() {
            let rights: String = self.dropped_castling.iter().collect();
            notes.push(format!(
                "the FEN's castling rights {rights} do not fit its kings and rooks: dropped, as python-chess does"
            ));
        }
        if let Some(square) = self.dropped_ep {
            notes.push(format!(
                "the FEN's en passant square {square} follows no double step: dropped"
            ));
        }
        notes
    }
}

/// Reads the start position of a Standard, Chess960 or Marseillais game.
///
/// # Errors
/// A [`Violation`] (turn as a whole, article Article::FenTag) when the FEN tag is not a playable
/// chess position: no king, pawns on the back rank, the side not to move in check, ...
pub fn start_position(game: &Game) -> Result<StartPosition, Violation> {
    let first = game.turns.first();
    let fen_span = game
        .tags
        .iter()
        .find(|t| t.name == "FEN")
        .map_or(game.span, |t| t.span);
    let error = |reason: String, side: Color| Violation {
        code: FaultCode::BadSetup,
        label: None,
        turn: first.map_or(1, |t| t.number.number),
        side,
        face: None,
        action: 0,
        turn_index: 0,
        reason,
        article: Article::FenTag,
        span: fen_span,
    };
    let start = start_of(game).map_err(|e| error(e.reason, Color::White))?;
    if start.pocket.is_some() {
        return Err(error(
            "a pocket of captured pieces (`[…]`) belongs to Marquis de Sade games only".to_owned(),
            start.setup.turn,
        ));
    }
    let setup: Setup = start.setup;
    let variant = VariantName::from_tag(game.tag("Variant"), game.has_die_faces());
    let mode = if variant == VariantName::Chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::detect(&setup)
    };
    let turn = setup.turn;
    let written_rights = setup.castling_rights;
    let written_ep = setup.ep_square;
    let pos = position_from_setup(setup, mode).map_err(|kinds| {
        error(
            format!(
                "the FEN tag is not a playable position: {}",
                position_error(kinds)
            ),
            turn,
        )
    })?;
    let kept = pos.castles().castling_rights();
    let dropped_castling = (written_rights & !kept)
        .into_iter()
        .map(|rook| {
            let c = match rook.file() {
                shakmaty::File::A => 'q',
                shakmaty::File::H => 'k',
                file => file.char(),
            };
            if rook.rank() == shakmaty::Rank::First {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect();
    let dropped_ep = written_ep.filter(|_| pos.maybe_ep_square().is_none());
    Ok(StartPosition {
        pos,
        mode,
        from_fen: start.from_fen,
        dropped_castling,
        dropped_ep,
    })
}

/// A playable position from a setup, as leniently as python-chess plays one: castling rights
/// without their king and rook and an en passant square that no double step explains are
/// dropped; a check that cannot arise in a game and more pieces than promotions allow are
/// accepted (move generation handles both).
///
/// # Errors
/// The [`PositionErrorKinds`] that remain: an empty board, a missing or extra king, pawns on
/// the first or last rank, the side not to move in check.
pub fn position_from_setup(setup: Setup, mode: CastlingMode) -> Result<Chess, PositionErrorKinds> {
    Chess::from_setup(setup, mode)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_impossible_check)
        .or_else(PositionError::ignore_too_much_material)
        .map_err(|e| e.kinds())
}

fn position_error(kinds: PositionErrorKinds) -> String {
    let names = [
        (PositionErrorKinds::EMPTY_BOARD, "the board is empty"),
        (PositionErrorKinds::MISSING_KING, "a king is missing"),
        (
            PositionErrorKinds::TOO_MANY_KINGS,
            "a side has more than one king",
        ),
        (
            PositionErrorKinds::PAWNS_ON_BACKRANK,
            "a pawn stands on the first or last rank",
        ),
        (
            PositionErrorKinds::OPPOSITE_CHECK,
            "the side not to move is in check",
        ),
        (
            PositionErrorKinds::IMPOSSIBLE_CHECK,
            "the check on the board cannot arise in a game",
        ),
        (
            PositionErrorKinds::TOO_MUCH_MATERIAL,
            "a side has more pieces than promotions allow",
        ),
    ];
    let found: Vec<&str> = names
        .iter()
        .filter(|(kind, _)| kinds.contains(*kind))
        .map(|(_, name)| *name)
        .collect();
    if found.is_empty() {
        "it is not a legal position".to_owned()
    } else {
        found.join(", ")
    }
}

/// The FEN of a position, with an en passant square only when a capture there is legal (as
/// python-chess and lichess write it).
pub fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// The repetition key of a position: placement, side to move, castling rights and the en
/// passant squares where a capture is legal (FIDE 9.2.3).
pub fn repetition_key(pos: &Chess) -> u64 {
    let hash: Zobrist64 = pos.zobrist_hash(EnPassantMode::Legal);
    hash.0
}

/// What the referee records for an accepted move played in `before`.
pub fn resolved_move(before: &Chess, m: Move, mode: CastlingMode, at: ActionRef) -> Resolved {
    let to = match m {
        Move::Castle { king, rook } => {
            let side = if rook > king {
                shakmaty::CastlingSide::KingSide
            } else {
                shakmaty::CastlingSide::QueenSide
            };
            side.king_to(before.turn())
        }
        _ => m.to(),
    };
    Resolved {
        turn_index: at.turn_index,
        action: at.action,
        color: before.turn(),
        role: m.role(),
        from: m.from(),
        to: Some(to),
        uci: Some(ShakUci::from_move(m, mode).to_string()),
        captured: m.capture(),
        promotion: m.promotion(),
        fen_after: String::new(),
    }
}

/// The position after a null move (`--`): the other side to move, no en passant, the
/// fifty-move count goes on. `None` when the side to move is in check (a null move would leave
/// the king in check).
pub fn null_move(pos: &Chess) -> Option<Chess> {
    if pos.is_check() {
        return None;
    }
    let mut setup = pos.to_setup(EnPassantMode::Legal);
    setup.ep_square = None;
    setup.halfmoves = setup.halfmoves.saturating_add(1);
    if setup.turn == Color::Black {
        setup.fullmoves = setup.fullmoves.saturating_add(1);
    }
    setup.turn = !setup.turn;
    Chess::from_setup(setup, pos.castles().mode()).ok()
}

/// Side of a record turn as a colour.
pub fn side_color(side: Side) -> Color {
    Color::from_white(side == Side::White)
}

fn article_of(why: Why) -> Article {
    match why {
        Why::Movement => Article::Fide3,
        Why::Check => Article::Fide3_9,
        Why::Castling => Article::Fide3_8_2,
        Why::Promotion => Article::Fide3_7_5,
        Why::EnPassant => Article::Fide3_7_3_2,
        Why::Ambiguous => Article::FideC10,
        Why::NotAMove => Article::S1,
    }
}

struct Replayer<'g> {
    game: &'g Game,
    annotate: bool,
    pos: Chess,
    mode: CastlingMode,
    seen: HashMap<u64, u32>,
    resolved: Vec<Resolved>,
    turns: usize,
}

impl Replayer<'_> {
    fn finish(self, outcome: Outcome) -> Replay {
        Replay {
            outcome,
            final_fen: fen(&self.pos),
            resolved: self.resolved,
            turns: self.turns,
            notes: Vec::new(),
            stopped: None,
        }
    }

    fn violation(&self, turn: &Turn, at: ActionRef, reason: String, article: Article) -> Violation {
        let span = turn
            .actions()
            .nth(at.action.wrapping_sub(1))
            .map_or(turn.span, |a| a.span);
        let reason = crate::rules::strip_citation(reason);
        Violation {
            code: FaultCode::of(article, &reason),
            label: None,
            turn: turn.number.number,
            side: self.pos.turn(),
            face: turn.face.map(|f| f.value),
            action: at.action,
            turn_index: at.turn_index,
            reason,
            article,
            span,
        }
    }

    /// A rule that ends the game at once in the current position (S2): checkmate, stalemate,
    /// insufficient material, fivefold repetition, the seventy-five-move rule.
    fn automatic_end(&self, at: ActionRef) -> Option<Outcome> {
        let finished = |winner, termination, article| Outcome::Finished {
            winner,
            termination,
            article,
            at: at.or_start(),
        };
        if legal_moves(&self.pos).is_empty() {
            return Some(if self.pos.is_check() {
                finished(
                    Some(!self.pos.turn()),
                    Termination::Checkmate,
                    Article::Fide5_1_1,
                )
            } else {
                finished(None, Termination::Stalemate, Article::Fide5_2_1)
            });
        }
        if self.pos.is_insufficient_material() {
            return Some(finished(
                None,
                Termination::InsufficientMaterial,
                Article::Fide5_2_2,
            ));
        }
        if self
            .seen
            .get(&repetition_key(&self.pos))
            .copied()
            .unwrap_or(0)
            >= 5
        {
            return Some(finished(
                None,
                Termination::FivefoldRepetition,
                Article::Fide9_6_1,
            ));
        }
        if self.pos.halfmoves() >= 150 {
            return Some(finished(
                None,
                Termination::SeventyFiveMoveRule,
                Article::Fide9_6_2,
            ));
        }
        None
    }

    /// A draw the players claimed (the result token is `1/2-1/2`) is justified when the final
    /// position stands for the third time or the fifty-move count is reached (FIDE 9.2, 9.3).
    /// Only the final position counts: a player who makes a move without claiming loses the
    /// right to claim on that move (FIDE 9.2.3 / 9.4), so an earlier chance that the game
    /// played past was not taken.
    fn claimed_draw(&self, at: ActionRef) -> Option<Outcome> {
        let claimed = self.game.result.or_else(|| {
            self.game
                .tag("Result")
                .and_then(|r| GameResult::from_ascii(r.trim().as_bytes()))
        });
        if claimed != Some(GameResult::Draw) {
            return None;
        }
        let finished = |termination, article| Outcome::Finished {
            winner: None,
            termination,
            article,
            at: at.or_start(),
        };
        if self
            .seen
            .get(&repetition_key(&self.pos))
            .copied()
            .unwrap_or(0)
            >= 3
        {
            return Some(finished(Termination::ThreefoldRepetition, Article::Fide9_2));
        }
        if self.pos.halfmoves() >= 100 {
            return Some(finished(Termination::FiftyMoveRule, Article::Fide9_3));
        }
        None
    }

    fn run(mut self) -> Replay {
        let start = ActionRef {
            turn_index: 0,
            action: 0,
        };
        if let Some(end) = self.automatic_end(start) {
            return self.finish(end);
        }
        let mut last = start;
        let game = self.game;
        for (turn_index, turn) in game.turns.iter().enumerate() {
            self.turns = turn_index + 1;
            if let Some(face) = turn.face {
                let at = ActionRef {
                    turn_index,
                    action: 0,
                };
                let reason = format!(
                    "a die face ({}:) belongs to Marquis de Sade games, not to standard chess",
                    face.value
                );
                let error = self.violation(turn, at, reason, Article::S1);
                return self.finish(Outcome::Invalid(error));
            }
            for (i, action) in turn.actions().enumerate() {
                let at = ActionRef {
                    turn_index,
                    action: i + 1,
                };
                let before = self.pos.clone();
                match &action.kind {
                    ActionKind::Nothing {} => {
                        let reason = "`--` (a null move) is not a move of a game: FIDE has no \
                                      null move, and only a variation may hold one"
                            .to_owned();
                        let error = self.violation(turn, at, reason, Article::R20);
                        return self.finish(Outcome::Invalid(error));
                    }
                    kind => match resolve(&before, kind) {
                        Ok(m) => {
                            self.pos.play_unchecked(m);
                            let mut resolved = resolved_move(&before, m, self.mode, at);
                            if self.annotate {
                                resolved.fen_after = fen(&self.pos);
                            }
                            self.resolved.push(resolved);
                        }
                        Err(e) => {
                            let explanation = explain(&before, kind, e);
                            let article = article_of(explanation.why);
                            let error = self.violation(turn, at, explanation.reason, article);
                            return self.finish(Outcome::Invalid(error));
                        }
                    },
                }
                *self.seen.entry(repetition_key(&self.pos)).or_insert(0) += 1;
                if let Some(end) = self.automatic_end(at) {
                    return self.finish(end);
                }
                last = at;
            }
        }
        match self.claimed_draw(last) {
            Some(end) => self.finish(end),
            None => self.finish(Outcome::Unfinished),
        }
    }
}

/// Replays a game under the rules of standard chess (Chess960 from an X-FEN or Shredder-FEN
/// setup).
pub fn replay(game: &Game, detail: Detail) -> Replay {
    let start = match start_position(game) {
        Ok(start) => start,
        Err(error) => {
            return Replay {
                outcome: Outcome::Invalid(error),
                resolved: Vec::new(),
                final_fen: String::new(),
                turns: 0,
                notes: Vec::new(),
                stopped: None,
            };
        }
    };
    let mut notes = start.notes();
    // Move numbers are labels, checked against the count (R18), where each turn is one move.
    if game.turns.iter().all(|t| t.actions().count() <= 1) {
        let first = labels::first_label(game, start.pos.turn(), start.pos.fullmoves().get());
        notes.extend(labels::mismatches(game, first));
    }
    let mut seen = HashMap::new();
    seen.insert(repetition_key(&start.pos), 1);
    let mut replay = Replayer {
        game,
        annotate: detail == Detail::Annotated,
        pos: start.pos,
        mode: start.mode,
        seen,
        resolved: Vec::new(),
        turns: 0,
    }
    .run();
    replay.notes = notes;
    replay
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_of_the_initial_position() {
        let pos = Chess::default();
        assert_eq!(perft(&pos, 1), 20);
        assert_eq!(perft(&pos, 3), 8902);
    }

    #[test]
    fn null_move_passes_the_turn() {
        let pos = Chess::default();
        let after = null_move(&pos).expect("not in check");
        assert_eq!(after.turn(), Color::Black);
        assert_eq!(after.halfmoves(), 1);
    }
}
