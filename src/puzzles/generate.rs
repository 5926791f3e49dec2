//! Mining puzzles from self-play: the bots of [`crate::play`] play games at the engine's levels;
//! before each turn of each game, every question of the variant is asked of the position (Sade:
//! with each of the six faces) and kept when the referee proves exactly one answer.

use std::collections::{BTreeMap, HashSet};

use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

use super::analyse::{analyse_bounded, sade_state};
use super::error::PuzzleError;
use super::explain::explain;
use super::nearby::{board_key, near};
use super::prove::check_question;
use super::puzzle::{Puzzle, Source, position_key, puzzle_id};
use super::question::Question;
use super::rating;
use super::theme::Theme;
use super::variants::VARIANTS;
use crate::play::{self, Bot, Options};
use crate::record::{Face, Game, Side, Variant};
use crate::rules::marseillais::TurnStart;
use crate::rules::sade::{TurnOutcome, play_turn};

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
        }
    }

    /// How many puzzles a share may hold once the set has `kept` puzzles: the share of them,
    /// but never fewer than `slack`. A share of the set so far, not of the count wanted, so
    /// that a smaller count gives the first puzzles of a larger one.
    fn most(kept: usize, share: f64, slack: usize) -> usize {
        ((kept as f64 * share).floor() as usize).max(slack)
    }
}

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
        !self.positions.contains(&board_key(&puzzle.fen))
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
/// already kept, it is not near one of its game ([`near`]), and it passes none of the shares
/// of [`Generate`]. `progress` is told each game's number and the puzzles found so far. The
/// same options give the same puzzles, in the same order.
///
/// # Errors
/// [`PuzzleError::NotMade`] for a variant without puzzles; [`PuzzleError::Play`] when a game
/// cannot be played (a bug of the bots or the referee).
pub fn generate(
    options: &Generate,
    mut progress: impl FnMut(u64, usize),
) -> Result<Vec<Puzzle>, PuzzleError> {
    if !VARIANTS.contains(&options.variant) {
        return Err(PuzzleError::NotMade(options.variant));
    }
    let mut kept = Kept::default();
    let mut analysed = HashSet::new();
    for number in 1..=options.max_games {
        if kept.puzzles.len() >= options.count {
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
        let source = |turn: String| Source {
            seed: options.seed,
            game: number,
            white: white.name().to_owned(),
            black: black.name().to_owned(),
            turn,
        };
        let mut from_game = Vec::new();
        for (turn, fen) in positions(options.variant, &played.game) {
            let faces: Vec<Option<Face>> = match options.variant {
                Variant::Sade => Face::ALL.map(Some).to_vec(),
                _ => vec![None],
            };
            for face in faces {
                if from_game.len() >= options.per_game || kept.puzzles.len() >= options.count {
                    break;
                }
                if kept.positions.contains(&board_key(&fen))
                    || !analysed.insert(position_key(&fen, face))
                {
                    continue;
                }
                let Some(p) = puzzle_at(options, &fen, face, || source(turn.clone())) else {
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

/// The positions before each turn of a played game, with the turn's name (`12w`), as FEN (Sade
/// with the pocket). Marseillais positions that FEN cannot hold (two en passant chances, a
/// first turn of one move) are left out.
fn positions(variant: Variant, game: &Game) -> Vec<(String, String)> {
    let name = |i: usize| {
        game.turns.get(i).map_or_else(String::new, |t| {
            let side = if t.number.side == Side::White {
                "w"
            } else {
                "b"
            };
            format!("{}{side}", t.number.number)
        })
    };
    let mut out = Vec::new();
    match variant {
        Variant::Sade => {
            let Ok(mut state) = crate::rules::sade::State::from_game(game) else {
                return out;
            };
            for (i, turn) in game.turns.iter().enumerate() {
                out.push((name(i), state.fen()));
                let played = play_turn(&state, turn);
                match played.outcome {
                    TurnOutcome::Complete => state = played.state,
                    _ => break,
                }
            }
        }
        _ => {
            for i in 0..game.turns.len() {
                let Ok(start) = TurnStart::before_turn(game, i) else {
                    break;
                };
                if start.moves != 2 || start.ep.len() > 1 {
                    continue;
                }
                let mut setup = start.pos.to_setup(EnPassantMode::Always);
                setup.ep_square = start.ep.first().copied();
                out.push((
                    name(i),
                    Fen::try_from_setup(setup)
                        .unwrap_or_else(shakmaty::fen::LossyFenError::ignore)
                        .to_string(),
                ));
            }
        }
    }
    out
}

/// The puzzle at `fen` (with `face`), if one of the variant's questions has exactly one answer.
fn puzzle_at(
    options: &Generate,
    fen: &str,
    face: Option<Face>,
    source: impl FnOnce() -> Source,
) -> Option<Puzzle> {
    let variant = options.variant;
    if variant == Variant::Sade && sade_state(fen).is_err() {
        return None;
    }
    let analysis = analyse_bounded(variant, fen, face, options.max_answers).ok()??;
    let questions: &[Question] = match variant {
        Variant::Sade => &[Question::WinNow, Question::Survive],
        _ => &[Question::MateInOneTurn],
    };
    let (question, answer) = questions
        .iter()
        .find_map(|&q| check_question(&analysis, q).ok().map(|a| (q, a)))?;
    let explained = explain(&analysis, question, answer);
    Some(Puzzle {
        id: puzzle_id(variant, fen, face),
        variant,
        fen: fen.to_owned(),
        face,
        question,
        answer: answer.text.clone(),
        candidates: analysis.answers.len(),
        rating: rating::initial(&analysis, answer),
        theme: explained.theme,
        article: explained.article,
        explanation: explained.text,
        source: source(),
    })
}
