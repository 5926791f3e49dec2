//! A game in progress: its record, who sits at each side, and what may be done next. Every
//! change is tried on a copy of the record and kept only when the referee accepts the record
//! so far; the referee is the only judge.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::die;
use crate::play::{Bot, bot_named, next_actions};
use crate::record::{
    Action, ActionKind, Comment, DieFace, Face, Game, GameResult, Item, MoveNumber, Side, Turn,
    UciMove, Variant,
};
use crate::referee::{Status, Verdict, verify_memo};
use crate::rules::sade::Memo;

use super::error::ApiError;
use super::events::version_of;
use super::kind::Kind;
use super::seat::HUMAN;
use super::secret::{holds, random_seed};

pub use super::meta::{Meta, Mode};

/// What may be done next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The game is over (or its stored record is invalid).
    Over,
    /// Sade: `side` rolls for turn `number`.
    Roll { number: MoveNumber },
    /// `number`'s player acts; `face` in Sade; `written` actions of the turn are in.
    Act {
        number: MoveNumber,
        face: Option<Face>,
        written: usize,
    },
}

/// A live game.
#[derive(Clone, Debug)]
pub struct Live {
    pub id: String,
    pub game: Game,
    pub meta: Meta,
    pub verdict: Verdict,
    /// The turns the referee judged before, so that an action is judged from the position
    /// before its turn instead of the start (the verdict is the same, [`Memo`]).
    pub memo: Memo,
    /// The revision of the game as kept: 0 until it is first saved, then one more at each save.
    /// A save is written only over the revision it was read at (two writers of one game: the
    /// second is refused).
    pub revision: u64,
}

/// Who asks: the holder of a seat, the arbiter, or nobody known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    Seat(Side),
    Arbiter,
}

/// The S3 ends a user can declare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Declared {
    Resignation,
    Agreement,
    TimeForfeit,
    Adjudication,
}

/// The tags the page edits.
pub const EDITABLE: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

impl Live {
    pub fn new(id: String, game: Game, meta: Meta) -> Live {
        let mut memo = Memo::default();
        let verdict = verify_memo(&game, &mut memo);
        Live {
            id,
            game,
            meta,
            verdict,
            memo,
            revision: 0,
        }
    }

    /// Whether the game is in progress: neither over nor a counted puzzle attempt (what
    /// `--max-games` counts).
    /// The version of this game, whose canonical SDN is `sdn`: it changes with the record,
    /// and with what a page shows that the record does not hold (a standing offer, an agreed
    /// rematch).
    pub fn version(&self, sdn: &str) -> String {
        match (&self.meta.offer, &self.meta.rematch) {
            (None, None) => version_of(sdn),
            (offer, rematch) => version_of(&format!("{sdn}\n{offer:?} {rematch:?}")),
        }
    }

    pub fn going(&self) -> bool {
        self.phase() != Phase::Over && !self.meta.settled
    }

    /// The referee's verdict on `game` (this game's record or a changed copy of it), from the
    /// turns judged before.
    pub fn judge(&mut self, game: &Game) -> Verdict {
        verify_memo(game, &mut self.memo)
    }

    /// Who holds `token`, compared in constant time.
    /// The record turn in progress: the last, when its player is to act.
    pub fn turn_in_progress(&self) -> Option<usize> {
        self.turn_in_progress_at(self.phase())
    }

    /// [`Live::turn_in_progress`] with the game's `phase` already known.
    pub fn turn_in_progress_at(&self, phase: Phase) -> Option<usize> {
        match phase {
            Phase::Act { number, .. } => self
                .game
                .turns
                .last()
                .filter(|t| t.number == number)
                .map(|_| self.game.turns.len() - 1),
            _ => None,
        }
    }

    /// Whose turn it is (to roll or to act); `None` when the game is over.
    pub fn acting(&self) -> Option<Side> {
        match self.phase() {
            Phase::Over => None,
            Phase::Roll { number } | Phase::Act { number, .. } => Some(number.side),
        }
    }

    /// Whether the game is a puzzle attempt.
    pub fn is_puzzle(&self) -> bool {
        matches!(self.meta.kind, Kind::Puzzle(_))
    }

    pub fn holder(&self, token: &str) -> Option<Holder> {
        if self
            .meta
            .arbiter
            .as_deref()
            .is_some_and(|a| holds(token, a))
        {
            return Some(Holder::Arbiter);
        }
        if holds(token, &self.meta.tokens[0]) {
            return Some(Holder::Seat(Side::White));
        }
        if holds(token, &self.meta.tokens[1]) {
            return Some(Holder::Seat(Side::Black));
        }
        None
    }

    pub fn player(&self, side: Side) -> &str {
        &self.meta.players[usize::from(side == Side::Black)]
    }

    pub fn bot(&self, side: Side) -> Option<Bot> {
        bot_named(self.player(side))
    }

    /// One seat is a bot's and the other a human's: the bot answers each human turn at once.
    pub fn against_a_bot(&self) -> bool {
        self.meta.players.iter().filter(|p| *p != HUMAN).count() == 1
    }

    /// What may be done next, from the referee's verdict on the record so far.
    pub fn phase(&self) -> Phase {
        if self.meta.abandoned
            || self.meta.aborted
            || self.verdict.status != Status::Unfinished
            || self.game.result.is_some_and(decisive)
        {
            return Phase::Over;
        }
        let sade = self.game.variant() == Ok(Variant::Sade);
        let last = self.game.turns.last();
        if sade {
            match last {
                Some(turn) if self.verdict.replay.stopped.is_some() => Phase::Act {
                    number: turn.number,
                    face: turn.face.map(|f| f.value),
                    written: turn.actions().count(),
                },
                _ => Phase::Roll {
                    number: self.next_number(),
                },
            }
        } else {
            let number = self.next_number();
            let written = match last {
                Some(turn) if turn.number == number => turn.actions().count(),
                _ => 0,
            };
            Phase::Act {
                number,
                face: None,
                written,
            }
        }
    }

    /// The turn to come: the side to move and the move number of the position after the last
    /// accepted action (its FEN's second and sixth fields).
    fn next_number(&self) -> MoveNumber {
        let fields: Vec<&str> = self.verdict.final_fen.split_whitespace().collect();
        let side = if fields.get(1) == Some(&"b") {
            Side::Black
        } else {
            Side::White
        };
        let number = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
        MoveNumber { number, side }
    }

    /// Tries `change` on a copy of the record; keeps it when the referee accepts the record.
    pub(super) fn attempt(&mut self, change: impl FnOnce(&mut Game)) -> Result<(), ApiError> {
        self.attempt_if(change, |_| true).map(drop)
    }

    /// [`Live::attempt`], the change kept only when `keep` also says so of the referee's
    /// verdict on it; whether it was kept.
    fn attempt_if(
        &mut self,
        change: impl FnOnce(&mut Game),
        keep: impl FnOnce(&Verdict) -> bool,
    ) -> Result<bool, ApiError> {
        let mut game = self.game.clone();
        change(&mut game);
        let verdict = self.judge(&game);
        if verdict.status == Status::Invalid {
            return Err(ApiError::refused(&verdict));
        }
        if let Some(void) = verdict.void {
            return Err(ApiError::conflict(
                "action",
                format!(
                    "the game was already over: {} action(s) would follow its end (R21)",
                    void.actions
                ),
            ));
        }
        if !keep(&verdict) {
            return Ok(false);
        }
        self.game = game;
        self.verdict = verdict;
        self.conclude();
        Ok(true)
    }

    /// A game a rule ended: its result written, and the die's seed revealed.
    fn conclude(&mut self) {
        if self.verdict.status != Status::Finished {
            return;
        }
        if self.game.result.is_none() || self.game.result == Some(GameResult::Unknown) {
            self.game.result = Some(self.verdict.result);
        }
        let result = self.game.result.unwrap_or(GameResult::Unknown);
        self.game.set_tag("Result", result.as_str());
        if let Some(seed) = &self.meta.seed {
            self.game.set_tag("DieSeed", seed.clone());
        }
        // The verdict on the record as it is now written (with its result), as `verify` gives
        // it for the file: judged before the result was written, it would report a dispute.
        self.verdict = verify_memo(&self.game, &mut self.memo);
    }

    /// May `holder` act for `side`?
    fn may_act(&self, holder: Holder, side: Side) -> Result<(), ApiError> {
        match holder {
            Holder::Arbiter => Ok(()),
            Holder::Seat(seat) if seat == side && self.bot(side).is_none() => Ok(()),
            Holder::Seat(_) => Err(ApiError::forbidden(format!(
                "it is {}'s turn: this seat cannot act for {}",
                side.name(),
                side.name()
            ))),
        }
    }

    /// Rolls the die for the turn to come: the auditable die's face, or `face` as the arbiter
    /// entered it (the number of the request, refused here when it is no face).
    pub fn roll(&mut self, holder: Holder, face: Option<u8>) -> Result<Face, ApiError> {
        let Phase::Roll { number } = self.phase() else {
            return Err(match self.phase() {
                Phase::Over => over(),
                _ if self.game.variant() != Ok(Variant::Sade) => {
                    ApiError::conflict("face", "this game has no die".to_owned())
                }
                _ => ApiError::conflict(
                    "face",
                    "the face of this turn is already rolled: play it".to_owned(),
                ),
            });
        };
        self.may_act(holder, number.side)?;
        let n = self.game.turns.len() as u64 + 1;
        let face = match (&self.meta.seed, face) {
            (Some(seed), None) => die::face(seed, n),
            (Some(_), Some(_)) => {
                return Err(ApiError::bad(
                    "face",
                    "this game uses the server's auditable die: no face may be entered".to_owned(),
                ));
            }
            (None, Some(entered)) => Face::try_from(entered).map_err(|_| {
                ApiError::bad("face", format!("a die face is 1 to 6, not {entered}"))
            })?,
            // Only an auditable die rolls on the server (a continued record without a seed
            // has its faces entered, spec/SERVE.md).
            (None, None) => {
                return Err(ApiError::bad(
                    "face",
                    "this game's faces are entered by the arbiter: give the face rolled".to_owned(),
                ));
            }
        };
        self.attempt(|game| {
            game.turns.push(Turn {
                number,
                unnumbered: false,
                face: Some(DieFace {
                    value: face,
                    span: Default::default(),
                }),
                items: Vec::new(),
                span: Default::default(),
            });
        })?;
        Ok(face)
    }

    /// Writes `actions` in the turn in progress, if the referee accepts them.
    pub fn act(&mut self, holder: Holder, actions: Vec<Action>) -> Result<(), ApiError> {
        self.act_if(holder, actions, |_| true).map(drop)
    }

    /// [`Live::act`], kept only when `keep` also says so of the verdict; whether it was kept.
    fn act_if(
        &mut self,
        holder: Holder,
        actions: Vec<Action>,
        keep: impl FnOnce(&Verdict) -> bool,
    ) -> Result<bool, ApiError> {
        let (number, _) = match self.phase() {
            Phase::Over => return Err(over()),
            Phase::Roll { .. } => {
                return Err(ApiError::conflict(
                    "action",
                    "roll the die first: the turn has no face yet (Art. 3)".to_owned(),
                ));
            }
            Phase::Act { number, face, .. } => (number, face),
        };
        self.may_act(holder, number.side)?;
        self.attempt_if(|game| append(game, number, actions), keep)
    }

    /// Writes the move clicked from `from` to `to`, read as `actions` (its SAN, as an arbiter
    /// writes it), if the referee accepts it as a move of the piece on `from`. SAN names a
    /// piece by the squares it may reach, so in Sade, where either side's pieces may be due, it
    /// can name another piece than the one clicked (`a3`: Black's a4 pawn, though White's a2 was
    /// clicked). Such a move is refused with the referee's reason for the clicked piece's move;
    /// and when the referee accepts that move too, it is written as the clicked squares (UCI).
    pub fn act_clicked(
        &mut self,
        holder: Holder,
        actions: Vec<Action>,
        clicked: UciMove,
    ) -> Result<(), ApiError> {
        let the_piece_clicked = |verdict: &Verdict| {
            let played = verdict.replay.resolved.last();
            played.is_some_and(|r| r.from == Some(clicked.from) && r.to == Some(clicked.to))
        };
        if self.act_if(holder, actions, the_piece_clicked)? {
            return Ok(());
        }
        self.act(holder, vec![Action::new(ActionKind::Uci(clicked))])
    }

    /// The bots' turns, while a bot has the turn (at most `limit` turns).
    pub fn play_bots(&mut self, limit: usize) -> Result<usize, ApiError> {
        let mut played = 0;
        while played < limit {
            let phase = self.phase();
            let side = match phase {
                Phase::Over => break,
                Phase::Roll { number } | Phase::Act { number, .. } => number.side,
            };
            let Some(bot) = self.bot(side) else { break };
            if let Phase::Roll { .. } = phase {
                self.roll(Holder::Arbiter, None)?;
                // The roll alone may end the game or the turn (nothing to bring back).
                if !matches!(self.phase(), Phase::Act { .. }) {
                    played += 1;
                    continue;
                }
            }
            let mut rng = ChaCha8Rng::from_seed(random_seed());
            let actions = next_actions(bot, &self.game, &mut rng)
                .map_err(|e| ApiError::internal(format!("the bot could not play: {e}")))?;
            let Phase::Act { number, .. } = self.phase() else {
                break;
            };
            self.attempt(|game| append(game, number, actions))?;
            played += 1;
        }
        Ok(played)
    }
}

/// Appends `actions` to the record turn `number`, starting it when it is not the last.
fn append(game: &mut Game, number: MoveNumber, actions: Vec<Action>) {
    if game.turns.last().is_none_or(|t| t.number != number) {
        game.turns.push(Turn {
            number,
            unnumbered: false,
            face: None,
            items: Vec::new(),
            span: Default::default(),
        });
    }
    if let Some(turn) = game.turns.last_mut() {
        turn.items.extend(actions.into_iter().map(Item::Action));
    }
}

fn decisive(result: GameResult) -> bool {
    result != GameResult::Unknown
}

pub(super) fn comment(text: &str) -> Item {
    Item::Comment(Comment {
        text: text.to_owned(),
        span: Default::default(),
    })
}

/// The refusal of a change to a settled puzzle attempt's game.
pub(super) fn settled() -> ApiError {
    ApiError::conflict(
        "game",
        "this puzzle attempt is already counted: its game takes no more changes (ask for the \
         next puzzle)"
            .to_owned(),
    )
}

pub(super) fn over() -> ApiError {
    ApiError::conflict("action", "the game is over: no turn follows".to_owned())
}

/// `12.` or `12...`.
pub fn turn_label(number: MoveNumber) -> String {
    number.to_string()
}

/// What the record of a game that ends says: the Termination tag when there is one, the die's
/// seed (secret until then), and the end in words after the last turn.
pub(super) fn closing(
    game: &mut Game,
    termination: Option<&str>,
    seed: Option<String>,
    said: &str,
) {
    if let Some(tag) = termination {
        game.set_tag("Termination", tag);
    }
    if let Some(seed) = seed {
        game.set_tag("DieSeed", seed);
    }
    match game.turns.last_mut() {
        Some(turn) => turn.items.push(comment(said)),
        None => game.preamble.push(comment(said)),
    }
}
