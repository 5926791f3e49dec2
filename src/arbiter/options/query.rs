//! What is asked: a position and the player's turn in it, or a game already over; and the
//! answer to it, from the search of its game's rules.

use shakmaty::Color;

use super::answer::{Answer, Ends, NoneAnswer, no_option};
use super::chess::{marseillais_answer, standard_answer};
use super::error::OptionsError;
use super::limits::Limits;
use super::sade::sade_answer;
use crate::record::{Face, Side};
use crate::rules::marseillais::TurnStart;
use crate::rules::names::color_name;
use crate::rules::sade::State;
use crate::rules::standard::Standing;
use crate::rules::{Article, Termination};

/// A position and what is asked of the player in it.
#[derive(Clone, Debug)]
pub enum Query {
    /// The roller of `state` has rolled `face`.
    Sade { state: State, face: Face },
    /// The side to move in a Standard position, with the positions the game stood in since the
    /// last capture or pawn move (a FEN has none: [`Standing::new`]).
    Standard(Standing),
    /// The side to move at the start of a Marseillais turn.
    Marseillais(TurnStart),
    /// A record whose game ended before the turn asked about.
    Over(Over),
}

/// A game that ended before the turn asked about: nothing can be played in it.
#[derive(Clone, Debug)]
pub struct Over {
    /// The game, as the answer names it (`Sade`, `Standard`, `Marseillais`).
    pub variant: &'static str,
    /// The position after the last legal action.
    pub fen: String,
    /// The player whose turn was asked about.
    pub side: Color,
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub termination: Termination,
    pub article: Article,
    /// Where the game ended: `turn 12.`, `the start position`.
    pub at: String,
}

/// Every option of `query`.
///
/// # Errors
/// [`OptionsError`] when the referee cannot analyse the position (a position shakmaty refuses,
/// two bare kings).
pub fn answer(query: &Query, limits: Limits) -> Result<Answer, OptionsError> {
    match query {
        Query::Sade { state, face } => sade_answer(state, *face, limits),
        Query::Standard(standing) => Ok(standard_answer(standing, limits)),
        Query::Marseillais(start) => Ok(marseillais_answer(start, limits)),
        Query::Over(over) => Ok(over_answer(over)),
    }
}

fn over_answer(over: &Over) -> Answer {
    let how = match over.winner {
        Some(winner) => format!("{} won by {}", color_name(winner), over.termination.title()),
        None => format!("it was drawn by {}", over.termination.title()),
    };
    no_option(
        over.variant,
        over.fen.clone(),
        over.side,
        NoneAnswer {
            consequence: format!(
                "the game is already over: {how}, in {}; no turn follows",
                over.at
            ),
            article: over.article.cite(),
            ends: Some(Ends {
                winner: over.winner.map(Side::from),
                termination: over.termination.name(),
                article: over.article.cite(),
            }),
        },
    )
}
