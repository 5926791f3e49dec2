//! What a numbered group may hold (M8) and why a move was refused, in words: the Marseillais
//! replay's messages.

use shakmaty::{CastlingSide, Chess, Position};

use super::replayer::{Replayer, TurnEnd};
use crate::record::{ActionKind, SanMove, Turn};
use crate::rules::standard::{Why, color_name, explain};
use crate::rules::{ActionRef, Article, Replay};

impl Replayer<'_> {
    /// A numbered group that holds one move of a turn that has two (M1, M8): the error is the
    /// group's, on the turn as a whole.
    pub(super) fn group_too_short(self, record_turn: &Turn, whole: ActionRef) -> Replay {
        let mover = self.turn.mover;
        let began = self.turn.began_at.unwrap_or(whole);
        let first = self.turn.first_written.clone().unwrap_or_default();
        let reason = format!(
            "{}'s turn has one move ({first}); a turn has two moves unless the first gives check, \
             so {} comes too early",
            color_name(mover),
            record_turn.number
        );
        let holder = self.game.turns.get(began.turn_index).unwrap_or(record_turn);
        let at = ActionRef {
            turn_index: began.turn_index,
            action: 0,
        };
        self.invalid(holder, at, reason, Article::M1)
    }

    /// A move written in a numbered group after its turn was over (M8): an error of the group's
    /// own side, at that move. The side named is the side whose turn the group was.
    pub(super) fn group_too_long(mut self, record_turn: &Turn, at: ActionRef) -> Replay {
        let mover = !self.turn.mover;
        let (reason, article) = match self.last_end {
            TurnEnd::BalancedFirst => (
                "White's first turn of a Balanced game has one move".to_owned(),
                Article::M1,
            ),
            TurnEnd::Check => (
                format!(
                    "a check with the first move ends the turn: {}'s turn is over",
                    color_name(mover)
                ),
                Article::M2,
            ),
            TurnEnd::TwoMoves => (
                format!("a turn has two moves: {}'s turn is over", color_name(mover)),
                Article::M1,
            ),
        };
        self.turn.mover = mover;
        self.invalid(record_turn, at, reason, article)
    }

    /// The reason and article for a refused move.
    pub(super) fn refusal(
        &self,
        at: ActionRef,
        kind: &ActionKind,
        error: crate::rules::resolve::MoveError,
    ) -> (String, Article) {
        let mover = self.turn.mover;
        let explanation = explain(&self.board.pos, kind, error);
        let mut reason = explanation.reason;
        let mut article = article_of(explanation.why);
        match explanation.why {
            Why::EnPassant => reason.push_str(
                " (en passant only with the first move of the turn, against a double step of \
                 the opponent's last turn, or with the second move right after a first en \
                 passant capture)",
            ),
            Why::Castling if self.turn.played > 0 => {
                if let ActionKind::San(SanMove::Castle(side)) = kind
                    && castled_right_lost_this_turn(&self.turn.start.pos, &self.board.pos, *side)
                {
                    reason = format!(
                        "{kind} is not legal: {}'s king or rook moved earlier in this turn",
                        color_name(mover)
                    );
                }
            }
            _ => {}
        }
        if self.turn.played == 0
            && let Some(ended) = &self.check_ended
            && ended.turn_index == at.turn_index
        {
            reason.push_str(&format!(
                "; {}'s turn ended with the check {} (a check with the first move ends the \
                 turn)",
                color_name(ended.mover),
                ended.written
            ));
            article = Article::M2;
        }
        (reason, article)
    }
}

fn article_of(why: Why) -> Article {
    match why {
        Why::Movement => Article::Fide3,
        Why::Check => Article::M2,
        Why::Castling => Article::M5,
        Why::Promotion => Article::Fide3_7_5,
        Why::EnPassant => Article::M4,
        Why::Ambiguous => Article::FideC10,
        Why::NotAMove => Article::M1,
    }
}

/// Whether the mover had the castling right on `side` at the start of the turn and lost it
/// since (M5).
fn castled_right_lost_this_turn(start: &Chess, now: &Chess, side: CastlingSide) -> bool {
    let us = now.turn();
    start.castles().has(us, side) && !now.castles().has(us, side)
}
