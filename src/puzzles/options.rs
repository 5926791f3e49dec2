//! The options of `puzzles generate` ([`Generate`]): the variant, how many puzzles from which
//! self-play run, and the limits and shares that keep the set varied.

use super::theme::Theme;
use crate::record::Variant;

/// What `puzzles generate` is asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Generate {
    pub variant: Variant,
    /// Puzzles wanted.
    pub count: usize,
    /// The self-play run's seed.
    pub seed: u64,
    /// Games played at most before giving up with fewer puzzles.
    pub max_games: u64,
    /// Puzzles kept from one game at most, so that the set spans many games.
    pub per_game: usize,
    /// Turns of a game at most.
    pub max_turns: usize,
    /// A position whose turn has more different answers than this is left out: a person
    /// cannot look through them, and its proof is slow.
    pub max_answers: usize,
    /// The share of the puzzles that may come from games with a novice in them. Each share is
    /// held as the set grows: a puzzle is left out that would make its share of the set so
    /// far pass it.
    pub novice_share: f64,
    /// The share of the puzzles one theme may take (past 20), so that the rarer ones are
    /// looked for.
    pub theme_share: f64,
    /// The share of the puzzles one band of 200 rating points may hold (past 4).
    pub band_share: f64,
    /// The themes kept; empty: all of them but `defend`, which is looked for only when named
    /// (its proof walks the opponent's turns after each answer).
    pub themes: Vec<Theme>,
    /// Look also at sidelines: the game's turn played another way, one that leaves the opponent
    /// a chance at a rare theme of [`Generate::themes`] (Marseillais: a mate that takes en
    /// passant or castles; Sade: a sacrifice that leaves no move, the Sweet Stalemate, or a
    /// series to survive). Sade's sideline keeps the face the game rolled.
    pub sidelines: bool,
}

impl Generate {
    /// `count` puzzles of `variant` from the run with `seed`, with the defaults: at most 4
    /// puzzles a game, 120 turns a game, 50 games a puzzle wanted, 4000 answers at most, at
    /// most 15% from games with a novice, 40% of one theme and 25% in one band of 200 points.
    pub fn new(variant: Variant, count: usize, seed: u64) -> Generate {
        Generate {
            variant,
            count,
            seed,
            max_games: (count as u64).saturating_mul(50).max(100),
            per_game: 4,
            max_turns: 120,
            max_answers: 4000,
            novice_share: 0.15,
            theme_share: 0.75,
            band_share: 0.25,
            themes: Vec::new(),
            sidelines: false,
        }
    }

    /// Whether puzzles of `theme` are wanted.
    pub(super) fn wants(&self, theme: Theme) -> bool {
        self.themes.is_empty() || self.themes.contains(&theme)
    }

    /// How many puzzles a share may hold once the set has `kept` puzzles: the share of them,
    /// but never fewer than `slack`. A share of the set so far, not of the count wanted, so
    /// that a smaller count gives the first puzzles of a larger one.
    pub(super) fn most(kept: usize, share: f64, slack: usize) -> usize {
        ((kept as f64 * share).floor() as usize).max(slack)
    }
}
