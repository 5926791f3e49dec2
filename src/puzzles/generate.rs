//! Mining puzzles from self-play: the bots of [`crate::play`] play games at the engine's levels;
//! before each turn of each game, every question of the variant is asked of the position (Sade:
//! with each of the six faces) and kept when the referee proves exactly one answer.
//!
//! A rare theme (Marseillais: en passant, castling; Sade: the Sweet Stalemate, survive) is also
//! looked for one turn off the game, in a sideline: the turn before the puzzle played another
//! way, one that leaves the player the chance the theme turns on (a mate that takes en passant
//! or castles; a sacrifice that leaves no move; a series with few moves, one a check).

use std::collections::{BTreeMap, HashSet};

use super::error::PuzzleError;
use super::nearby::{board_key, near};
use super::options::Generate;
use super::puzzle::{Puzzle, Source, position_key};
use super::puzzle_at::puzzle_at;
use super::spots::{Spot, positions, sade_faces};
use super::theme::Theme;
use super::variants::VARIANTS;
use crate::play::{self, Bot, Options};
use crate::record::{Face, Variant};

/// The bots of game `number` (from 1), in a cycle of ten: eight games between the levels that
/// search (casual and club, each pairing in turn), one of a beginner against one of them, and
/// one with a novice in it, against each level in turn, on either side.
pub fn bots_of(number: u64) -> (Bot, Bot) {
    let i = number.saturating_sub(1);
    let cycle = i / 10;
    let searching = [Bot::CASUAL, Bot::CLUB];
    let sides = |a: Bot, b: Bot, swap: bool| if swap { (b, a) } else { (a, b) };
    match i % 10 {
        8 => sides(
            Bot::BEGINNER,
            searching[(cycle % 2) as usize],
            (cycle / 2) % 2 == 1,
        ),
        9 => sides(
            Bot::NOVICE,
            Bot::ALL[(cycle % 4) as usize],
            (cycle / 4) % 2 == 1,
        ),
        j => (
            searching[(j % 2) as usize],
            searching[((j / 2) % 2) as usize],
        ),
    }
}

/// A theme may always hold this many puzzles, whatever its share.
const THEME_SLACK: usize = 20;
/// A band of 200 rating points may always hold this many puzzles.
const BAND_SLACK: usize = 4;

/// What the set holds so far, for the shares it may not pass.
#[derive(Default)]
struct Kept {
    puzzles: Vec<Puzzle>,
    /// Positions (the face aside) already a puzzle.
    positions: HashSet<String>,
    themes: BTreeMap<Theme, usize>,
    bands: BTreeMap<u32, usize>,
    from_novices: usize,
}

impl Kept {
    /// Whether `puzzle` may join the set: a new position, not near one of its game, and no
    /// share passed.
    fn admits(&self, options: &Generate, puzzle: &Puzzle, from_game: &[usize]) -> bool {
        let novice =
            puzzle.source.white == Bot::NOVICE.name() || puzzle.source.black == Bot::NOVICE.name();
        // The set as it would be with the puzzle.
        let with = self.puzzles.len() + 1;
        options.wants(puzzle.theme)
            && !self.positions.contains(&board_key(&puzzle.fen))
            && from_game
                .iter()
                .all(|&i| near(&self.puzzles[i], puzzle).is_none())
            && (!novice || self.from_novices < Generate::most(with, options.novice_share, 0))
            && self.themes.get(&puzzle.theme).copied().unwrap_or(0)
                < Generate::most(with, options.theme_share, THEME_SLACK)
            && self.bands.get(&band(puzzle.rating)).copied().unwrap_or(0)
                < Generate::most(with, options.band_share, BAND_SLACK)
    }

    fn keep(&mut self, puzzle: Puzzle) {
        self.positions.insert(board_key(&puzzle.fen));
        *self.themes.entry(puzzle.theme).or_default() += 1;
        *self.bands.entry(band(puzzle.rating)).or_default() += 1;
        if puzzle.source.white == Bot::NOVICE.name() || puzzle.source.black == Bot::NOVICE.name() {
            self.from_novices += 1;
        }
        self.puzzles.push(puzzle);
    }
}

/// The band of 200 rating points a rating lies in (800–999: 4).
fn band(rating: u32) -> u32 {
    rating / 200
}

/// Plays games `1, 2, …` of the run and keeps the puzzles found, until `count` are found or
/// `max_games` are played. A puzzle is kept when its position (the face aside) is not one
/// already kept, it is not near one of its game ([`near`]), it is of a theme wanted, and it
/// passes none of the shares of [`Generate`]. `progress` is told each game's number and the
/// puzzles found so far. The same options give the same puzzles, in the same order.
///
/// # Errors
/// [`PuzzleError::NotMade`] for a variant without puzzles; [`PuzzleError::Play`] when a game
/// cannot be played (a bug of the bots or the referee).
pub fn generate(
    options: &Generate,
    progress: impl FnMut(u64, usize),
) -> Result<Vec<Puzzle>, PuzzleError> {
    generate_more(options, Vec::new(), progress)
}

/// [`generate`], adding `count` puzzles to a set already made (`set`, kept first and in its
/// order): the new ones are held to the set's positions, games and shares as to their own.
///
/// # Errors
/// As for [`generate`].
pub fn generate_more(
    options: &Generate,
    set: Vec<Puzzle>,
    mut progress: impl FnMut(u64, usize),
) -> Result<Vec<Puzzle>, PuzzleError> {
    if !VARIANTS.contains(&options.variant) {
        return Err(PuzzleError::NotMade(options.variant));
    }
    let mut kept = Kept::default();
    for puzzle in set {
        kept.keep(puzzle);
    }
    let wanted = kept.puzzles.len() + options.count;
    let mut analysed = HashSet::new();
    for number in 1..=options.max_games {
        if kept.puzzles.len() >= wanted {
            break;
        }
        let (white, black) = bots_of(number);
        let play_options = Options {
            variant: options.variant,
            white,
            black,
            max_turns: options.max_turns,
            fen: None,
            seed: options.seed,
        };
        let played = play::play_game(&play_options, number)?;
        let source = |spot: &Spot| Source {
            seed: options.seed,
            game: number,
            white: white.name().to_owned(),
            black: black.name().to_owned(),
            turn: spot.turn.clone(),
            sideline: spot.sideline.clone(),
        };
        // The puzzles of this game so far, the set's included.
        let mut from_game: Vec<usize> = kept
            .puzzles
            .iter()
            .enumerate()
            .filter(|(_, p)| p.source.seed == options.seed && p.source.game == number)
            .map(|(i, _)| i)
            .collect();
        let new_before = from_game.len();
        for spot in positions(options, &played.game) {
            let faces: Vec<Option<Face>> = match options.variant {
                Variant::Sade => sade_faces(options).into_iter().map(Some).collect(),
                _ => vec![None],
            };
            for face in faces {
                if from_game.len() - new_before >= options.per_game || kept.puzzles.len() >= wanted
                {
                    break;
                }
                if kept.positions.contains(&board_key(&spot.fen))
                    || !analysed.insert(position_key(&spot.fen, face))
                {
                    continue;
                }
                let Some(p) = puzzle_at(options, &spot.fen, face, || source(&spot)) else {
                    continue;
                };
                if kept.admits(options, &p, &from_game) {
                    from_game.push(kept.puzzles.len());
                    kept.keep(p);
                }
            }
        }
        progress(number, kept.puzzles.len());
    }
    Ok(kept.puzzles)
}
