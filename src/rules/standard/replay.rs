//! Replaying a Standard game move by move, as cheaply as the chess allows:
//! - whether the side to move has a legal move (checkmate, stalemate) is asked only when the
//!   record does not answer it: a next move that resolves to a legal move proves one;
//! - the repetition key is updated with each move (shakmaty's incremental Zobrist hash) and
//!   compared only with the positions since the last capture or pawn move, the only ones that
//!   can repeat (FIDE 9.2.3).

use shakmaty::{CastlingMode, Chess, Move, Position};

use super::ends::automatic_end;
use super::explain::{Why, explain};
use super::moves::{fen, resolved_move};
use super::repetition::{play_keyed, repetition_key};
use super::start::{StartPosition, start_position};
use crate::record::{ActionKind, Game, GameResult, Turn};
use crate::rules::resolve::resolve;
use crate::rules::{
    ActionRef, Article, Detail, Replay, ReplayStatus, Resolved, Termination, Violation, labels,
};

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

/// A position whose automatic ends (S2) are not looked at yet: the position after `at`, with
/// the count of turns replayed when it arose.
#[derive(Clone, Copy)]
struct Pending {
    at: ActionRef,
    turns: usize,
}

struct Replayer<'g> {
    game: &'g Game,
    /// What `resolved` holds: nothing, the moves, or the moves with the FEN after each.
    detail: Detail,
    pos: Chess,
    mode: CastlingMode,
    /// The repetition key of `pos`.
    key: u64,
    /// The keys of the positions since the last capture or pawn move, `pos`'s last; where the
    /// caller keeps it, for the position the replay stops in.
    history: &'g mut Vec<u64>,
    resolved: Vec<Resolved>,
    turns: usize,
}

impl Replayer<'_> {
    fn finish(self, outcome: ReplayStatus) -> Replay {
        Replay {
            outcome,
            final_fen: fen(&self.pos),
            resolved: self.resolved,
            turns: self.turns,
            notes: Vec::new(),
            stopped: None,
            counted: Vec::new(),
        }
    }

    fn violation(&self, turn: &Turn, at: ActionRef, reason: String, article: Article) -> Violation {
        let span = turn
            .actions()
            .nth(at.action.wrapping_sub(1))
            .map_or(turn.span, |a| a.span);
        let reason = crate::rules::strip_citation(reason);
        Violation::new(turn, at, self.pos.turn(), None, reason, article, span)
    }

    /// How often the current position has stood (FIDE 9.2.3: same placement, side to move,
    /// castling rights and en passant captures).
    fn repetitions(&self) -> usize {
        self.history.iter().filter(|&&k| k == self.key).count()
    }

    /// A rule that ends the game at once in the current position (S2): the judgement of
    /// [`automatic_end`]. `mobile`: the side to move is known to have a legal move (the record's
    /// next move is one).
    fn automatic_end(&self, at: ActionRef, mobile: bool) -> Option<ReplayStatus> {
        let end = automatic_end(&self.pos, self.history, mobile)?;
        Some(ReplayStatus::Finished {
            winner: end.winner,
            termination: end.termination,
            article: end.article,
            at: at.or_start(),
        })
    }

    /// Looks at the automatic ends of a pending position; the outcome that ends the game (and
    /// the turns replayed are those up to that position).
    fn settle(&mut self, pending: &mut Option<Pending>, mobile: bool) -> Option<ReplayStatus> {
        let p = pending.take()?;
        let end = self.automatic_end(p.at, mobile)?;
        self.turns = p.turns;
        Some(end)
    }

    /// A draw the players claimed (the result token is `1/2-1/2`) is justified when the final
    /// position stands for the third time or the fifty-move count is reached (FIDE 9.2, 9.3).
    /// Only the final position counts: a player who makes a move without claiming loses the
    /// right to claim on that move (FIDE 9.2.3 / 9.4), so an earlier chance that the game
    /// played past was not taken.
    fn claimed_draw(&self, at: ActionRef) -> Option<ReplayStatus> {
        let claimed = self.game.result.or_else(|| {
            self.game
                .tag("Result")
                .and_then(|r| GameResult::from_ascii(r.trim().as_bytes()))
        });
        if claimed != Some(GameResult::Draw) {
            return None;
        }
        let finished = |termination, article| ReplayStatus::Finished {
            winner: None,
            termination,
            article,
            at: at.or_start(),
        };
        if self.repetitions() >= 3 {
            return Some(finished(Termination::ThreefoldRepetition, Article::Fide9_2));
        }
        if self.pos.halfmoves() >= 100 {
            return Some(finished(Termination::FiftyMoveRule, Article::Fide9_3));
        }
        None
    }

    /// Plays `m` (legal in `pos`) and keeps the repetition key and history.
    fn play(&mut self, m: Move) {
        self.key = play_keyed(&mut self.pos, self.key, m);
        self.remember();
    }

    fn remember(&mut self) {
        if self.pos.halfmoves() == 0 {
            // A capture or a pawn move: no earlier position can stand again.
            self.history.clear();
        }
        self.history.push(self.key);
    }

    fn run(mut self) -> Replay {
        let start = ActionRef {
            turn_index: 0,
            action: 0,
        };
        let mut pending = Some(Pending {
            at: start,
            turns: 0,
        });
        let mut last = start;
        let game = self.game;
        for (turn_index, turn) in game.turns.iter().enumerate() {
            self.turns = turn_index + 1;
            if let Some(face) = turn.face {
                if let Some(end) = self.settle(&mut pending, false) {
                    return self.finish(end);
                }
                let at = ActionRef {
                    turn_index,
                    action: 0,
                };
                let reason = format!(
                    "a die face ({}:) belongs to Marquis de Sade games, not to standard chess",
                    face.value
                );
                let error = self.violation(turn, at, reason, Article::S1);
                return self.finish(ReplayStatus::Invalid(error));
            }
            for (i, action) in turn.actions().enumerate() {
                let at = ActionRef {
                    turn_index,
                    action: i + 1,
                };
                let resolved = match &action.kind {
                    ActionKind::Nothing {} => None,
                    kind => Some(resolve(&self.pos, kind)),
                };
                // A legal move in the record proves the side to move is neither mated nor
                // stalemated.
                let mobile = matches!(resolved, Some(Ok(_)));
                if let Some(end) = self.settle(&mut pending, mobile) {
                    return self.finish(end);
                }
                match resolved {
                    None => {
                        let reason = "`--` (a null move) is not a move of a game: FIDE has no \
                                      null move, and only a variation may hold one"
                            .to_owned();
                        let error = self.violation(turn, at, reason, Article::R20);
                        return self.finish(ReplayStatus::Invalid(error));
                    }
                    Some(Ok(m)) if !self.detail.lists_actions() => self.play(m),
                    Some(Ok(m)) => {
                        let mut resolved = resolved_move(&self.pos, m, self.mode, at);
                        self.play(m);
                        if self.detail == Detail::Annotated {
                            resolved.fen_after = fen(&self.pos);
                        }
                        self.resolved.push(resolved);
                    }
                    Some(Err(e)) => {
                        let explanation = explain(&self.pos, &action.kind, e);
                        let article = article_of(explanation.why);
                        let error = self.violation(turn, at, explanation.reason, article);
                        return self.finish(ReplayStatus::Invalid(error));
                    }
                }
                pending = Some(Pending {
                    at,
                    turns: turn_index + 1,
                });
                last = at;
            }
        }
        if let Some(end) = self.settle(&mut pending, false) {
            return self.finish(end);
        }
        match self.claimed_draw(last) {
            Some(end) => self.finish(end),
            None => self.finish(ReplayStatus::Unfinished),
        }
    }
}

/// Replays a game under the rules of standard chess (Chess960 from an X-FEN or Shredder-FEN
/// setup).
pub fn replay(game: &Game, detail: Detail) -> Replay {
    replay_with_history(game, detail).0
}

/// [`replay`], and the repetition keys of the positions since the last capture or pawn move
/// where the replay stopped, its last position's last.
pub(super) fn replay_with_history(game: &Game, detail: Detail) -> (Replay, Vec<u64>) {
    let start: StartPosition = match start_position(game) {
        Ok(start) => start,
        Err(error) => return (Replay::invalid(error), Vec::new()),
    };
    let mut notes = start.notes();
    // Move numbers are labels, checked against the count (R18), where each turn is one move.
    if game.turns.iter().all(|t| t.actions().count() <= 1) {
        let first = labels::first_label(game, start.pos.turn(), start.pos.fullmoves().get());
        notes.extend(labels::mismatches(game, first));
    }
    let key = repetition_key(&start.pos);
    let mut history = vec![key];
    let mut replay = Replayer {
        game,
        detail,
        pos: start.pos,
        mode: start.mode,
        key,
        history: &mut history,
        resolved: Vec::with_capacity(if detail.lists_actions() {
            game.turns.len()
        } else {
            0
        }),
        turns: 0,
    }
    .run();
    replay.notes = notes;
    (replay, history)
}
