//! How a game ends once a turn is played: the winner (none for a draw), the termination and
//! its Article. Each game judges it in one place, which the referee, `options` and the engine
//! all call: [`crate::rules::standard::automatic_end`] (FIDE's ends that need no claim, S2),
//! [`crate::rules::marseillais::end_at_turn_start`] (M3, M6, M7), and for Sade the end that the
//! referee's fulfilment search gives each fulfilment ([`crate::rules::sade::Fulfilment::end`]).

use shakmaty::Color;

use super::article::Article;
use super::termination::Termination;

/// An end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub termination: Termination,
    /// `Article::M3`, `Article::Fide5_2_1`, ...
    pub article: Article,
}

impl GameEnd {
    /// A draw.
    pub const fn draw(termination: Termination, article: Article) -> GameEnd {
        GameEnd {
            winner: None,
            termination,
            article,
        }
    }

    /// A win for `winner`.
    pub const fn win(winner: Color, termination: Termination, article: Article) -> GameEnd {
        GameEnd {
            winner: Some(winner),
            termination,
            article,
        }
    }
}
