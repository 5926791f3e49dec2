//! The Marseillais replay: real turns of two moves, played from the record's numbered groups
//! (M8) or split by the rules where the text has no numbers (M1).

use std::num::NonZeroU32;

use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use super::board::{Board, double_step, insufficient_material, rebase, second_move_ep};
use super::ends::{LookBack, Standing, full_turn_example, judge, position_key};
pub(super) use super::turn_state::TurnState;
use crate::record::{ActionKind, Game, MoveNumber, Side, Span, Turn};
use crate::rules::standard::{color_name, resolved_move, side_color};
use crate::rules::{
    ActionRef, Article, CountedTurn, Detail, Replay, ReplayStatus, Resolved, Termination, Violation,
};

/// Before the first move of the game.
pub(super) const GAME_START: ActionRef = ActionRef {
    turn_index: 0,
    action: 0,
};

/// A turn that a check with its first move ended (M2), for the message when the record goes
/// on as if it had not.
#[derive(Clone, Debug)]
pub(super) struct CheckEnded {
    pub(super) turn_index: usize,
    pub(super) mover: Color,
    pub(super) written: String,
}

/// A move just played: the positions before and after it, the move, where the record holds it
/// and how it is written there.
#[derive(Clone, Copy)]
struct Played<'a> {
    before: &'a Chess,
    after: &'a Chess,
    m: Move,
    at: ActionRef,
    kind: &'a ActionKind,
}

pub(super) struct Replayer<'g> {
    pub(super) game: &'g Game,
    /// What `resolved` holds: nothing, the moves, or the moves with the FEN after each.
    pub(super) detail: Detail,
    pub(super) mode: CastlingMode,
    pub(super) board: Board,
    pub(super) turn: TurnState,
    pub(super) resolved: Vec<Resolved>,
    pub(super) turns: usize,
    /// What M6 looks back on: the turn starts since the last capture or pawn move, the
    /// current one's included once it is counted ([`Self::start_of_turn_end`]), and the quiet
    /// turns. Where the caller keeps it, for the position the replay stops in.
    pub(super) look_back: &'g mut LookBack,
    /// The player at the start of the current turn has no full turn but has first moves
    /// (M3): the game is a stalemate, which the record shows with one of those moves, or by
    /// stopping before it.
    pub(super) stalemate_due: bool,
    pub(super) fullmoves: NonZeroU32,
    pub(super) last: ActionRef,
    pub(super) check_ended: Option<CheckEnded>,
    /// How the last real turn ended, for a numbered group that goes on after it (M8).
    pub(super) last_end: TurnEnd,
    pub(super) notes: Vec<String>,
    /// Where each real turn begins in the record, with its label (for the verdict's places).
    pub(super) counted: Vec<CountedTurn>,
    /// Real turns begun inside moves written without numbers, past the first of them.
    pub(super) split_turns: usize,
}

/// Why a real turn was over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TurnEnd {
    /// White's single move in the first turn of a Balanced game (M1).
    BalancedFirst,
    /// A check with the first move (M2).
    Check,
    /// Two moves (M1).
    TwoMoves,
}

impl Replayer<'_> {
    pub(super) fn finish(self, outcome: ReplayStatus) -> Replay {
        Replay {
            outcome,
            final_fen: self.board.fen(),
            resolved: self.resolved,
            turns: self.turns + self.split_turns,
            notes: self.notes,
            stopped: None,
            counted: self.counted,
        }
    }

    pub(super) fn invalid(
        self,
        turn: &Turn,
        at: ActionRef,
        reason: String,
        article: Article,
    ) -> Replay {
        let reason = crate::rules::strip_citation(reason);
        // The turn as a whole: the group, or, inside moves written without numbers, the moves of
        // the real turn from its first on.
        let whole = match self.turn.began_at {
            Some(began) if is_split(turn, at.turn_index) && began.turn_index == at.turn_index => {
                turn.actions()
                    .nth(began.action.wrapping_sub(1))
                    .map_or(turn.span, |a| Span::new(a.span.start, turn.span.end))
            }
            _ => turn.span,
        };
        let span = turn
            .actions()
            .nth(at.action.wrapping_sub(1))
            .map_or(whole, |a| a.span);
        let label = self.label(turn, at.turn_index);
        let error = Violation::new(
            turn,
            at,
            self.turn.mover,
            Some(label),
            reason,
            article,
            span,
        );
        self.finish(ReplayStatus::Invalid(error))
    }

    /// The label of the real turn being played in record turn `turn_index`: a group's written
    /// number (M8), or the count's number inside moves written without numbers (M1); the side
    /// is always the player whose turn it is (R13).
    pub(super) fn label(&self, turn: &Turn, turn_index: usize) -> MoveNumber {
        let number = if is_split(turn, turn_index) {
            self.fullmoves.get()
        } else {
            turn.number.number
        };
        MoveNumber {
            number,
            side: if self.turn.mover == Color::White {
                Side::White
            } else {
                Side::Black
            },
        }
    }

    fn finished(
        winner: Option<Color>,
        termination: Termination,
        article: Article,
        at: ActionRef,
    ) -> ReplayStatus {
        ReplayStatus::Finished {
            winner,
            termination,
            article,
            at: at.or_start(),
        }
    }

    /// What ends the game at the start of a turn, before its first move: the judgement of
    /// [`super::ends`] (M3, M6), the turn start counted for M6. A player with no full turn who
    /// has first moves may still write one (M3): the game ends with it (see `play`), or, where
    /// the record stops, at the end of the turn before (see `run`).
    fn start_of_turn_end(&mut self, at: ActionRef) -> Option<ReplayStatus> {
        let key = position_key(&self.board);
        let repetitions = self.look_back.repetitions(key);
        self.look_back.seen.push(key);
        let moves = self.board.legal_moves();
        let end = judge(Standing {
            board: &self.board,
            moves: &moves,
            turn_moves: self.turn.len,
            mode: self.mode,
            repetitions,
            quiet_turns: self.look_back.quiet_turns,
        });
        self.stalemate_due = false;
        let end = end?;
        if end.termination == Termination::Stalemate && !moves.is_empty() {
            self.stalemate_due = true;
            return None;
        }
        Some(Self::finished(end.winner, end.termination, end.article, at))
    }

    /// A full turn from the start of the current turn (M3), the first in move generation
    /// order: a first move that checks or ends the game, or one followed by a legal second
    /// move. For the message when a written first move leaves no second move.
    fn full_turn(&self) -> Option<(Move, Option<Move>)> {
        let start = &self.turn.start;
        full_turn_example(start, &start.legal_moves(), self.turn.len, self.mode)
    }

    fn san(pos: &Chess, m: Move) -> String {
        San::from_move(pos, m).to_string()
    }

    pub(super) fn run(mut self) -> Replay {
        let start = GAME_START;
        if insufficient_material(&self.board.pos) {
            let end = Self::finished(None, Termination::InsufficientMaterial, Article::M6, start);
            return self.finish(end);
        }
        if let Some(end) = self.start_of_turn_end(start) {
            return self.finish(end);
        }
        let game = self.game;
        for (turn_index, record_turn) in game.turns.iter().enumerate() {
            if record_turn.actions().next().is_none() {
                continue;
            }
            self.turns = turn_index + 1;
            let whole = ActionRef {
                turn_index,
                action: 0,
            };
            if let Some(face) = record_turn.face {
                let reason = format!(
                    "a die face ({}:) belongs to Marquis de Sade games, not to Marseillais chess",
                    face.value
                );
                return self.invalid(record_turn, whole, reason, Article::M1);
            }
            // A label's group is one turn (M8); only moves written before the first label, which
            // the record says were unnumbered, are split by the rules (M1).
            let split = is_split(record_turn, turn_index);
            let numbered = !split;
            if numbered && self.turn.played > 0 {
                return self.group_too_short(record_turn, whole);
            }
            let written_side = side_color(record_turn.number.side);
            if numbered && written_side != self.turn.mover {
                self.notes.push(format!(
                    "the group labelled {} is judged as {}'s turn, whose it is (M8, R18)",
                    record_turn.number,
                    color_name(self.turn.mover)
                ));
            }
            let count = record_turn.actions().count();
            for (i, action) in record_turn.actions().enumerate() {
                let at = ActionRef {
                    turn_index,
                    action: i + 1,
                };
                if self.turn.played == 0 {
                    if at.action > 1 {
                        self.split_turns += 1;
                    }
                    self.begin_turn(record_turn, at);
                }
                match self.play(at, &action.kind) {
                    Ok(None) => self.last = at,
                    Ok(Some(end)) => {
                        // What is written after the end is void (R21): where the turn was over,
                        // it would have been the next player's.
                        if split && self.turn.played == 0 && i + 1 < count {
                            let next = ActionRef {
                                turn_index,
                                action: i + 2,
                            };
                            self.begin_turn(record_turn, next);
                        }
                        return self.finish(end);
                    }
                    Err((reason, article)) => {
                        return self.invalid(record_turn, at, reason, article);
                    }
                }
                if numbered && self.turn.played == 0 && i + 1 < count {
                    let next = ActionRef {
                        turn_index,
                        action: i + 2,
                    };
                    return self.group_too_long(record_turn, next);
                }
            }
        }
        // The record stops at the start of a turn: a player with no full turn is stalemated
        // (M3). (When the record goes on, the first move shows it, see `play`.)
        if self.turn.played == 0 && self.stalemate_due {
            let end = Self::finished(None, Termination::Stalemate, Article::M3, self.last);
            return self.finish(end);
        }
        self.finish(ReplayStatus::Unfinished)
    }

    /// A real turn begins at `at` (or would, after the end of the game): where, and its label.
    fn begin_turn(&mut self, record_turn: &Turn, at: ActionRef) {
        let label = self.label(record_turn, at.turn_index);
        self.counted.push(CountedTurn {
            turn_index: at.turn_index,
            from: at.action,
            label,
        });
    }

    /// Plays one written action. `Ok(Some(_))` when the game ended with it.
    fn play(
        &mut self,
        at: ActionRef,
        kind: &ActionKind,
    ) -> Result<Option<ReplayStatus>, (String, Article)> {
        if matches!(kind, ActionKind::Nothing {}) {
            return Err((
                "`--` (a null move) is not a move of a game: Marseillais chess has no null move, \
                 and only a variation may hold one"
                    .to_owned(),
                Article::R20,
            ));
        }
        let m = match self.board.resolve(kind) {
            Ok(m) => m,
            Err(error) => return Err(self.refusal(at, kind, error)),
        };
        let before = self.board.pos.clone();
        let mut after = before.clone();
        after.play_unchecked(m);
        if self.turn.played == 0 {
            self.turn.began_at = Some(at);
            self.turn.first_written = Some(kind.to_string());
        }
        self.turn.played += 1;
        self.turn.zeroing |= m.is_zeroing();
        self.turn.double_steps.extend(double_step(m));
        let gives_check = after.is_check();
        let turn_over = gives_check || self.turn.played >= self.turn.len;
        let played = Played {
            before: &before,
            after: &after,
            m,
            at,
            kind,
        };
        if turn_over {
            self.turn_played(played, gives_check)
        } else {
            self.first_move_played(played)
        }
    }

    /// The first move of a two-move turn is played (`after` it, from `before`): the turn goes
    /// on, unless the game ends here (M7, M3). `Ok(Some(_))` when the game ended with it.
    fn first_move_played(
        &mut self,
        played: Played<'_>,
    ) -> Result<Option<ReplayStatus>, (String, Article)> {
        let mover = self.turn.mover;
        let pos = self.set_up(played.after, mover)?;
        let next = Board {
            pos,
            ep: second_move_ep(&self.turn.start.ep, played.m),
        };
        self.record(played.before, played.m, played.at, &next);
        self.board = next;
        if let Some(drawn) = Self::insufficient(played) {
            return Ok(Some(drawn));
        }
        if self.board.legal_moves().is_empty() {
            // M3: allowed only when no full turn exists; then it is stalemate.
            let full_turn = if self.stalemate_due {
                None
            } else {
                self.full_turn()
            };
            return match full_turn {
                None => Ok(Some(Self::finished(
                    None,
                    Termination::Stalemate,
                    Article::M3,
                    played.at,
                ))),
                Some((first, second)) => Err(self.no_second_move(played.kind, first, second)),
            };
        }
        Ok(None)
    }

    /// Why a first move with no legal second move is refused where a full turn exists (M3),
    /// with one such turn for an example.
    fn no_second_move(
        &self,
        kind: &ActionKind,
        first: Move,
        second: Option<Move>,
    ) -> (String, Article) {
        let mover = self.turn.mover;
        let start = &self.turn.start.pos;
        let example = match second {
            Some(second) => {
                let mut mid = start.clone();
                mid.play_unchecked(first);
                let mid = rebase(&mid, mover, self.fullmoves, self.mode).unwrap_or(mid);
                format!("{} {}", Self::san(start, first), Self::san(&mid, second))
            }
            None => Self::san(start, first),
        };
        (
            format!(
                "after {kind}, {} has no legal second move, but a full turn is possible (e.g. \
                 {example})",
                color_name(mover)
            ),
            Article::M3,
        )
    }

    /// The turn is over with this move (`after` it, from `before`): the opponent moves next,
    /// and the game may end at the start of his turn. `Ok(Some(_))` when the game ended.
    fn turn_played(
        &mut self,
        played: Played<'_>,
        gives_check: bool,
    ) -> Result<Option<ReplayStatus>, (String, Article)> {
        let mover = self.turn.mover;
        // The turn is over: the opponent moves next.
        if mover == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        let pos = self.set_up(played.after, !mover)?;
        let next = Board {
            pos,
            ep: std::mem::take(&mut self.turn.double_steps),
        };
        self.record(played.before, played.m, played.at, &next);
        self.board = next;
        // The opponent's turn begins, even when the game ends here: what the record holds after
        // it would have been his (R21).
        let ended = std::mem::replace(&mut self.turn, TurnState::new(!mover, 2, &self.board));
        if let Some(drawn) = Self::insufficient(played) {
            return Ok(Some(drawn));
        }
        if ended.zeroing {
            // No position before a capture or a pawn move can stand again.
            *self.look_back = LookBack::default();
        } else {
            self.look_back.quiet_turns = self.look_back.quiet_turns.saturating_add(1);
        }
        let check_ended = gives_check && ended.played == 1 && ended.len == 2;
        self.last_end = if check_ended {
            TurnEnd::Check
        } else if ended.len == 1 {
            TurnEnd::BalancedFirst
        } else {
            TurnEnd::TwoMoves
        };
        self.check_ended = check_ended.then(|| CheckEnded {
            turn_index: played.at.turn_index,
            mover,
            written: played.kind.to_string(),
        });
        Ok(self.start_of_turn_end(played.at))
    }

    /// The draw when the move left neither side the material to mate (M7).
    fn insufficient(played: Played<'_>) -> Option<ReplayStatus> {
        insufficient_material(played.after).then(|| {
            Self::finished(
                None,
                Termination::InsufficientMaterial,
                Article::M7,
                played.at,
            )
        })
    }

    /// The position `after` a move, set up for `next` to move (see [`rebase`]).
    fn set_up(&self, after: &Chess, next: Color) -> Result<Chess, (String, Article)> {
        rebase(after, next, self.fullmoves, self.mode).ok_or_else(|| {
            (
                "this position cannot be set up (internal)".to_owned(),
                Article::M2,
            )
        })
    }

    fn record(&mut self, before: &Chess, m: Move, at: ActionRef, next: &Board) {
        if !self.detail.lists_actions() {
            return;
        }
        let mut resolved = resolved_move(before, m, self.mode, at);
        if self.detail == Detail::Annotated {
            resolved.fen_after = next.fen();
        }
        self.resolved.push(resolved);
    }
}

/// Whether record turn `turn_index` holds moves written without numbers, which the rules split
/// into turns (M1): the record says so of its first turn (`Turn::unnumbered`), never its spans.
fn is_split(turn: &Turn, turn_index: usize) -> bool {
    turn_index == 0 && turn.unnumbered
}
