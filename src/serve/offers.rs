//! What a seat may ask of the other seat beside the turns, as over the board: a draw, a
//! take-back, a rematch (each offered, then accepted or declined); an abort before both sides
//! have played; and the win claimed when the opponent has left a game without clocks. What an
//! arbiter needs to know of it is written into the record as a comment; an end is a declared
//! end (S3).

use std::time::Duration;

use super::error::ApiError;
use super::live::{Declared, Holder, Live, Mode, Phase, closing, comment, over, turn_label};
use super::meta::{Offer, Proposal};
use crate::record::{GameResult, Side, Variant};

/// What an offer came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// It stands, waiting for the other seat's answer.
    Standing,
    /// It met the same offer of the other seat, and is agreed: the draw or the take-back is
    /// made; a rematch is to be made by the caller.
    Agreed(Proposal),
}

impl Live {
    /// `holder`'s seat offers `proposal` to the other seat. The same offer standing from the
    /// other seat is accepted instead; any other standing offer lapses.
    ///
    /// # Errors
    /// 403 for the arbiter (who declares ends instead) or a token of no seat; 400 for a draw in
    /// Sade (R12); 409 when the game does not allow the offer now.
    pub fn offer(&mut self, holder: Holder, proposal: Proposal) -> Result<Offered, ApiError> {
        let by = offering_seat(holder)?;
        self.offerable(by, proposal)?;
        match self.meta.offer {
            Some(standing) if standing.by == by && standing.proposal == proposal => {
                return Err(ApiError::conflict(
                    "offer",
                    format!("{} already offers {}", by.name(), proposal.words()),
                ));
            }
            Some(standing) if standing.by != by && standing.proposal == proposal => {
                self.agree(standing)?;
                return Ok(Offered::Agreed(proposal));
            }
            _ => {}
        }
        if proposal != Proposal::Rematch {
            let said = match proposal {
                Proposal::Takeback => format!(
                    "{} asks to take back {}",
                    by.name(),
                    self.turn_to_take_back(by)?
                ),
                _ => format!("{} offers {}", by.name(), proposal.words()),
            };
            self.note(&said)?;
        }
        self.meta.offer = Some(Offer { by, proposal });
        Ok(Offered::Standing)
    }

    /// `holder`'s seat answers the offer standing from the other seat: the draw or take-back
    /// made when `accept`, the offer withdrawn otherwise. The proposal that was answered.
    ///
    /// # Errors
    /// 403 for the arbiter or the offering seat; 409 when no offer stands.
    pub fn answer(&mut self, holder: Holder, accept: bool) -> Result<Proposal, ApiError> {
        let by = offering_seat(holder)?;
        let Some(standing) = self.meta.offer else {
            return Err(ApiError::conflict(
                "accept",
                "no offer stands: there is nothing to answer".to_owned(),
            ));
        };
        if standing.by == by {
            return Err(ApiError::forbidden(format!(
                "{} made this offer: the other seat answers it",
                by.name()
            )));
        }
        if accept {
            self.agree(standing)?;
        } else {
            self.meta.offer = None;
            if standing.proposal != Proposal::Rematch {
                let said = format!("{} declines {}", by.name(), standing.proposal.words());
                self.note(&said)?;
            }
        }
        Ok(standing.proposal)
    }

    /// The offer that stood lapses when the seat it was made to plays on (a roll or an
    /// action): playing on is declining.
    pub fn play_on(&mut self, holder: Holder) {
        let Some(standing) = self.meta.offer else {
            return;
        };
        match holder {
            Holder::Seat(side) if side == standing.by => {}
            _ => self.meta.offer = None,
        }
    }

    /// Aborts the game before both sides have played: the record says so (`Termination
    /// "abandoned"`, the result left `*`), and the game takes no more changes. Either seat, or
    /// the arbiter, may abort.
    ///
    /// # Errors
    /// 409 when the game is over, is recorded over the board, or both sides have played.
    pub fn abort(&mut self, holder: Holder) -> Result<(), ApiError> {
        if self.meta.mode != Mode::Play {
            return Err(ApiError::conflict(
                "mode",
                "a game recorded over the board is not aborted: the arbiter takes back".to_owned(),
            ));
        }
        if self.phase() == Phase::Over {
            return Err(over());
        }
        if self.both_played() {
            return Err(ApiError::conflict(
                "game",
                "both sides have played: the game can no longer be aborted (resign instead)"
                    .to_owned(),
            ));
        }
        let who = match holder {
            Holder::Seat(side) => side.name(),
            Holder::Arbiter => "the arbiter",
        };
        let said = format!("Aborted by {who} before both sides had played.");
        let seed = self.meta.seed.clone();
        self.attempt(|game| closing(game, Some("abandoned"), seed, &said))?;
        self.meta.aborted = true;
        self.meta.offer = None;
        Ok(())
    }

    /// `holder`'s seat claims the win of a game without clocks whose turn has stood with the
    /// opponent for `after` or longer at `now` (milliseconds since the Unix epoch): the
    /// opponent has left. A declared end (S3): `Termination "abandoned"`, the claimer the
    /// winner, a comment saying why.
    ///
    /// # Errors
    /// 403 for the arbiter; 409 when the game has clocks or a bot, is over, it is the claimer's
    /// own turn, or the opponent's turn has not stood for `after` yet.
    pub fn claim(&mut self, holder: Holder, now: u64, after: Duration) -> Result<(), ApiError> {
        let by = offering_seat(holder)?;
        self.between_humans("claim")?;
        if self.meta.clock.is_some() {
            return Err(ApiError::conflict(
                "claim",
                "a game with clocks ends when a clock runs out: there is no win to claim"
                    .to_owned(),
            ));
        }
        let Some(since) = self.claimable_from(after) else {
            return Err(over());
        };
        if self.acting() != Some(by.other()) {
            return Err(ApiError::conflict(
                "claim",
                format!("it is {}'s own turn: nobody has left", by.name()),
            ));
        }
        if now < since {
            return Err(ApiError::conflict(
                "claim",
                format!(
                    "{}'s turn has stood for less than {} minutes: the win may be claimed in {} s",
                    by.other().name(),
                    after.as_secs() / 60,
                    (since - now).div_ceil(1000)
                ),
            ));
        }
        let result = match by {
            Side::White => GameResult::WhiteWins,
            Side::Black => GameResult::BlackWins,
        };
        let said = format!(
            "{} claims the win: {} left the game, with no move for {} minutes on {}'s turn",
            by.name(),
            by.other().name(),
            after.as_secs() / 60,
            by.other().name()
        );
        let seed = self.meta.seed.clone();
        self.attempt(|game| {
            game.result = Some(result);
            game.set_tag("Result", result.as_str());
            closing(game, Some("abandoned"), seed, &said);
        })?;
        self.meta.offer = None;
        Ok(())
    }

    /// When the side to act will have left its turn standing for `after` (milliseconds since
    /// the Unix epoch), in a game between two humans without clocks that is going on; `None`
    /// in any other game.
    pub fn claimable_from(&self, after: Duration) -> Option<u64> {
        let humans = self.meta.mode == Mode::Play && self.meta.players.iter().all(|p| p == "human");
        if !humans || self.meta.clock.is_some() || self.phase() == Phase::Over {
            return None;
        }
        let since = self.meta.changed.or(self.meta.created)?;
        let after = u64::try_from(after.as_millis()).unwrap_or(u64::MAX);
        Some(since.saturating_add(after))
    }

    /// Whether a seat may still abort the game: it is played, going on, and one side at most
    /// has played.
    pub fn abortable(&self) -> bool {
        self.meta.mode == Mode::Play && self.phase() != Phase::Over && !self.both_played()
    }

    /// Whether each side has played an action in the record.
    fn both_played(&self) -> bool {
        let played = |side: Side| {
            self.game
                .turns
                .iter()
                .any(|t| t.number.side == side && t.actions().next().is_some())
        };
        played(Side::White) && played(Side::Black)
    }

    /// Writes `said` into the record as a comment after the last turn (or before the first).
    fn note(&mut self, said: &str) -> Result<(), ApiError> {
        self.attempt(|game| match game.turns.last_mut() {
            Some(turn) => turn.items.push(comment(said)),
            None => game.preamble.push(comment(said)),
        })
    }

    /// Refuses `proposal` from `by` when the game does not allow it now.
    fn offerable(&self, by: Side, proposal: Proposal) -> Result<(), ApiError> {
        let over = self.phase() == Phase::Over;
        match proposal {
            Proposal::Rematch => {
                if self.meta.mode != Mode::Play || self.is_puzzle() {
                    return Err(ApiError::conflict(
                        "offer",
                        "only a game played on the server has a rematch".to_owned(),
                    ));
                }
                if !over {
                    return Err(ApiError::conflict(
                        "offer",
                        "a rematch is offered once the game is over".to_owned(),
                    ));
                }
                if let Some(id) = &self.meta.rematch {
                    return Err(ApiError::conflict(
                        "offer",
                        format!("the rematch is agreed already: game {id}"),
                    ));
                }
                Ok(())
            }
            Proposal::Draw | Proposal::Takeback => {
                self.between_humans("offer")?;
                if over {
                    return Err(self::over());
                }
                if proposal == Proposal::Draw && self.game.variant() == Ok(Variant::Sade) {
                    return Err(ApiError::bad(
                        "offer",
                        "a Sade game is never drawn: there is no draw to offer (Art. 17, R12)"
                            .to_owned(),
                    ));
                }
                if proposal == Proposal::Takeback {
                    // With clocks too, as lichess: the time spent stays spent.
                    self.turn_to_take_back(by)?;
                }
                Ok(())
            }
        }
    }

    /// Refuses an offer or a claim (`field`) in a game that is not played by two humans.
    fn between_humans(&self, field: &str) -> Result<(), ApiError> {
        if self.meta.mode != Mode::Play || self.meta.players.iter().any(|p| p != "human") {
            return Err(ApiError::conflict(
                field,
                "only the players of a game between two humans offer and claim (against a bot, \
                 a seat takes back its own turn)"
                    .to_owned(),
            ));
        }
        Ok(())
    }

    /// The turn of `by` a take-back would reopen, in words: "turn 12." or "turn 12...".
    fn turn_to_take_back(&self, by: Side) -> Result<String, ApiError> {
        self.game
            .turns
            .iter()
            .rev()
            .find(|t| t.number.side == by && t.actions().next().is_some())
            .map(|t| format!("turn {}", turn_label(t.number)))
            .ok_or_else(|| {
                ApiError::conflict(
                    "offer",
                    format!("nothing to take back: {} has played no action", by.name()),
                )
            })
    }

    /// Makes what `standing` offered, the other seat agreeing: a draw by agreement, the
    /// offering side's last turn taken back; a rematch is only marked agreed (the caller makes
    /// the game).
    fn agree(&mut self, standing: Offer) -> Result<(), ApiError> {
        self.meta.offer = None;
        match standing.proposal {
            Proposal::Draw => self.declare(Holder::Arbiter, Declared::Agreement, None),
            Proposal::Takeback => {
                self.take_back_turn_of(standing.by)?;
                let agreed = format!(
                    "{} agrees to the take-back {} asked for",
                    standing.by.other().name(),
                    standing.by.name()
                );
                self.note(&agreed)?;
                Ok(())
            }
            Proposal::Rematch => Ok(()),
        }
    }
}

/// The seat `holder` holds: offers, answers and claims are the seats'.
fn offering_seat(holder: Holder) -> Result<Side, ApiError> {
    match holder {
        Holder::Seat(side) => Ok(side),
        Holder::Arbiter => Err(ApiError::forbidden(
            "offers, answers and claims are the seats': the arbiter declares ends".to_owned(),
        )),
    }
}
