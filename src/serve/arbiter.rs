//! What the arbiter (and, for a resignation, a seat) does beside the turns: take back the last
//! action in record mode, declare an end (S3), edit the tags, keep the clocks (a flag fall is a
//! time forfeit). Each is tried on a copy of the record and kept only when the referee accepts
//! it.

use super::clock::{CLK, clk_comment};
use super::error::ApiError;
use super::live::{
    Declared, EDITABLE, Holder, Live, Mode, Phase, closing, comment, over, turn_label,
};
use crate::record::{Game, GameResult, Item, Side, Variant};
use crate::referee::Status;
use crate::rules::{Article, Termination};

impl Live {
    /// The side whose time ran out at `now`, if one did: the game ends by time forfeit, its
    /// opponent the winner (S3), and the clocks stop.
    ///
    /// # Errors
    /// As [`Live::declare`]'s.
    pub fn flag(&mut self, now: u64) -> Result<Option<Side>, ApiError> {
        let Some(fallen) = self.meta.clock.as_ref().and_then(|c| c.fallen(now)) else {
            return Ok(None);
        };
        if self.phase() == Phase::Over {
            return Ok(None);
        }
        self.declare(Holder::Arbiter, Declared::TimeForfeit, Some(fallen.other()))?;
        if let Some(clock) = self.meta.clock.as_mut() {
            clock.stop(now);
        }
        Ok(Some(fallen))
    }

    /// The clocks after a change made at `now`, the first turn it may have completed being
    /// record turn `from` (the turn in progress before it, or the next): each turn the change
    /// completed is charged to its side (the side whose
    /// clock ran, for the time it ran; a bot's turn in the same request, nothing), gets its
    /// increment and a `[%clk]` comment, as lichess writes them; then the clock of the side to
    /// act runs, or none when the game is over.
    pub fn tick(&mut self, from: usize, now: u64) {
        let Some(mut clock) = self.meta.clock.clone() else {
            return;
        };
        let start = from;
        let end = self.turn_in_progress().unwrap_or(self.game.turns.len());
        for index in start..end.min(self.game.turns.len()) {
            let turn = &mut self.game.turns[index];
            let clocked = turn
                .items
                .iter()
                .any(|item| matches!(item, Item::Comment(c) if c.text.starts_with(CLK)));
            if !clocked {
                let left = clock.end_turn(turn.number.side, now);
                // A correspondence clock is full again after each turn: nothing to write.
                if !clock.control.correspondence() {
                    turn.items.push(comment(&clk_comment(left)));
                }
            }
        }
        match self.acting() {
            None => clock.stop(now),
            Some(side) if clock.running != Some(side) => clock.run(side, now),
            Some(_) => {}
        }
        self.meta.clock = Some(clock);
    }

    /// Record mode: takes back the last action (or the last roll), leaving a comment. After a
    /// declared end (S3) the declaration is taken back first, and the moves stay.
    pub fn take_back(&mut self, holder: Holder) -> Result<String, ApiError> {
        if let Holder::Seat(side) = holder {
            return self.take_back_turn(side);
        }
        if self.meta.mode != Mode::Record {
            return Err(ApiError::forbidden(
                "only the arbiter of a game in record mode takes back".to_owned(),
            ));
        }
        if self.verdict.article == Some(Article::S3) {
            return self.take_back_declaration();
        }
        let mut game = self.game.clone();
        let Some(turn) = game.turns.last_mut() else {
            return Err(ApiError::conflict(
                "turn",
                "nothing to take back: no turn is written".to_owned(),
            ));
        };
        let label = turn_label(turn.number);
        let at = turn
            .items
            .iter()
            .rposition(|i| matches!(i, Item::Action(_)));
        let said = match at {
            Some(at) => {
                let Item::Action(action) = turn.items.remove(at) else {
                    unreachable!("rposition found an action")
                };
                let said = format!("taken back: {action} in turn {label}");
                // The turn is no longer complete: its clock's comment goes with the action.
                turn.items
                    .retain(|i| !matches!(i, Item::Comment(c) if c.text.starts_with(CLK)));
                turn.items.push(comment(&said));
                said
            }
            None => {
                let face = turn.face.map_or(String::new(), |f| format!(" {}", f.value));
                let said = format!("taken back: the roll{face} of turn {label}");
                game.turns.pop();
                match game.turns.last_mut() {
                    Some(previous) => previous.items.push(comment(&said)),
                    None => game.preamble.push(comment(&said)),
                }
                said
            }
        };
        self.keep_unended(game)?;
        Ok(said)
    }

    /// Play against a bot, the seat of `side`: takes back `side`'s last turn that has actions
    /// and the bot's turns after it, leaving a comment; the turn is open again, with the same
    /// face (the auditable die gives a turn the same face however often it is rolled).
    fn take_back_turn(&mut self, side: Side) -> Result<String, ApiError> {
        let against_a_bot = self.bot(side).is_none() && self.bot(side.other()).is_some();
        if self.meta.mode != Mode::Play || !against_a_bot {
            return Err(ApiError::forbidden(
                "a seat takes back its turn only in a game against a bot".to_owned(),
            ));
        }
        if self.meta.clock.is_some() {
            return Err(ApiError::conflict(
                "turn",
                "no take-back in a game with clocks".to_owned(),
            ));
        }
        self.take_back_turn_of(side)
    }

    /// Takes back `side`'s last turn that has actions and every turn after it, leaving a
    /// comment; the turn is open again, with the same face. The comment.
    pub(super) fn take_back_turn_of(&mut self, side: Side) -> Result<String, ApiError> {
        if self.phase() == Phase::Over {
            return Err(over());
        }
        let mut game = self.game.clone();
        let Some(index) = game
            .turns
            .iter()
            .rposition(|t| t.number.side == side && t.actions().next().is_some())
        else {
            return Err(ApiError::conflict(
                "turn",
                format!("nothing to take back: {} has played no action", side.name()),
            ));
        };
        game.turns.truncate(index + 1);
        let turn = &mut game.turns[index];
        let actions: Vec<String> = turn.actions().map(ToString::to_string).collect();
        let said = format!(
            "taken back: {}'s turn {} ({}) and what followed",
            side.name(),
            turn_label(turn.number),
            actions.join(" ")
        );
        if turn.face.is_some() {
            turn.items = vec![comment(&said)];
        } else {
            game.turns.pop();
            match game.turns.last_mut() {
                Some(previous) => previous.items.push(comment(&said)),
                None => game.preamble.push(comment(&said)),
            }
        }
        self.keep_unended(game)?;
        Ok(said)
    }

    /// Takes back a declared end: the result, its tags and the declaration's comment go, a
    /// comment says what was taken back, the moves stay.
    fn take_back_declaration(&mut self) -> Result<String, ApiError> {
        let mut game = self.game.clone();
        let items = match game.turns.last_mut() {
            Some(turn) => &mut turn.items,
            None => &mut game.preamble,
        };
        // The comment `declare` wrote, when it is still the last word of the record.
        let declared = self
            .declaration()
            .map(|(end, winner)| declaration_words(end, winner));
        let said = match (items.last(), declared) {
            (Some(Item::Comment(c)), Some(words)) if c.text == words => {
                items.pop();
                format!("taken back: {words}")
            }
            (_, Some(words)) => format!("taken back: {words}"),
            (_, None) => "taken back: the declared end".to_owned(),
        };
        items.push(comment(&said));
        self.keep_unended(game)?;
        Ok(said)
    }

    /// The declared end the verdict reads, and its winner.
    fn declaration(&self) -> Option<(Declared, Option<Side>)> {
        let end = match self.verdict.termination? {
            Termination::Resignation => Declared::Resignation,
            Termination::Agreement => Declared::Agreement,
            Termination::TimeForfeit => Declared::TimeForfeit,
            Termination::Adjudication => Declared::Adjudication,
            _ => return None,
        };
        let winner = self.verdict.winner.map(Side::from);
        Some((end, winner))
    }

    /// `game` without its result, `Termination` and `DieSeed` tags, kept when the referee
    /// accepts it.
    fn keep_unended(&mut self, mut game: Game) -> Result<(), ApiError> {
        game.result = None;
        game.set_tag("Result", "*");
        game.tags
            .retain(|t| t.name != "Termination" && t.name != "DieSeed");
        let verdict = self.judge(&game);
        if verdict.status == Status::Invalid {
            return Err(ApiError::refused(&verdict));
        }
        self.game = game;
        self.verdict = verdict;
        Ok(())
    }

    /// Declares an end (S3): resignation of `winner`'s opponent, agreement, time forfeit or
    /// adjudication.
    pub fn declare(
        &mut self,
        holder: Holder,
        end: Declared,
        winner: Option<Side>,
    ) -> Result<(), ApiError> {
        if self.phase() == Phase::Over {
            return Err(over());
        }
        match (end, holder, winner) {
            (Declared::Resignation, Holder::Seat(seat), Some(w)) if seat != w => {}
            (_, Holder::Arbiter, _) => {}
            _ => {
                return Err(ApiError::forbidden(
                    "a seat may only resign for itself; other ends are the arbiter's".to_owned(),
                ));
            }
        }
        let sade = self.game.variant() == Ok(Variant::Sade);
        let result = match (end, winner) {
            (Declared::Agreement, None) | (Declared::Adjudication, None) if sade => {
                return Err(ApiError::bad(
                    "winner",
                    "a Sade game is never drawn: a drawn result is no end (Art. 17, R12)"
                        .to_owned(),
                ));
            }
            (Declared::Agreement, Some(_)) => {
                return Err(ApiError::bad(
                    "winner",
                    "an agreement is a draw: give no winner".to_owned(),
                ));
            }
            (Declared::Resignation | Declared::TimeForfeit, None) => {
                return Err(ApiError::bad(
                    "winner",
                    "name the winner: white or black".to_owned(),
                ));
            }
            (_, Some(Side::White)) => GameResult::WhiteWins,
            (_, Some(Side::Black)) => GameResult::BlackWins,
            (_, None) => GameResult::Draw,
        };
        let tag = match end {
            Declared::Resignation | Declared::Agreement => None,
            Declared::TimeForfeit => Some("time forfeit"),
            Declared::Adjudication => Some("adjudication"),
        };
        let said = declaration_words(end, winner);
        let seed = self.meta.seed.clone();
        self.attempt(|game| {
            game.result = Some(result);
            game.set_tag("Result", result.as_str());
            closing(game, tag, seed, &said);
        })?;
        if self.verdict.status != Status::Finished {
            return Err(ApiError::internal(
                "the referee did not read the declared end as an end".to_owned(),
            ));
        }
        Ok(())
    }

    /// Closes a game nobody played in for `idle` (words: `7 days`): its record says so, with the
    /// result left `*` (an aborted game has no winner) and the die's seed shown, and the game
    /// takes no more changes.
    ///
    /// # Errors
    /// When the referee refuses the record so changed (it does not: a tag and a comment).
    pub fn close_abandoned(&mut self, idle: &str) -> Result<(), ApiError> {
        let seed = self.meta.seed.clone();
        let said = format!("Closed by the server: no action for {idle}.");
        self.attempt(|game| closing(game, Some("abandoned"), seed, &said))?;
        self.meta.abandoned = true;
        Ok(())
    }

    /// Edits the tags the page offers.
    pub fn set_tags(&mut self, holder: Holder, tags: &[(String, String)]) -> Result<(), ApiError> {
        if holder != Holder::Arbiter {
            return Err(ApiError::forbidden(
                "only the arbiter edits the tags".to_owned(),
            ));
        }
        for (name, value) in tags {
            let field = format!("tags.{name}");
            if !EDITABLE.contains(&name.as_str()) {
                return Err(ApiError::bad(
                    &field,
                    format!("only {} may be edited", EDITABLE.join(", ")),
                ));
            }
            if value.chars().count() > 200 || value.chars().any(char::is_control) {
                return Err(ApiError::bad(
                    &field,
                    "a tag value is one line of at most 200 characters".to_owned(),
                ));
            }
        }
        self.attempt(|game| {
            for (name, value) in tags {
                game.set_tag(name, value.clone());
            }
        })
    }
}

/// The comment a declared end leaves in the record: "Black resigns", "draw agreed", "White
/// loses on time", "adjudicated: White wins".
fn declaration_words(end: Declared, winner: Option<Side>) -> String {
    let words = match end {
        Declared::Resignation => "resigns",
        Declared::Agreement => "draw agreed",
        Declared::TimeForfeit => "loses on time",
        Declared::Adjudication => "adjudicated",
    };
    match winner {
        Some(w) if end != Declared::Adjudication => format!("{} {words}", w.other().name()),
        Some(w) => format!("{words}: {} wins", w.name()),
        None => words.to_owned(),
    }
}
