//! Mining puzzles from self-play: the bots of [`crate::play`] play games at the engine's levels;
//! before each turn of each game, every question of the variant is asked of the position (Sade:
//! with each of the six faces) and kept when the referee proves exactly one answer.

use std::collections::HashSet;

use shakmaty::fen::Fen;
use shakmaty::{EnPassantMode, Position};

use super::analyse::{Analysis, Answer, Outcome, analyse_bounded, sade_state};
use super::error::PuzzleError;
use super::prove::check_question;
use super::puzzle::{Puzzle, Source, position_key, puzzle_id};
use super::question::Question;
use super::rating;
use super::variants::VARIANTS;
use crate::play::{self, Bot, Options};
use crate::record::{Face, Game, Side, Variant};
use crate::rules::marseillais::TurnStart;
use crate::rules::sade::{TurnOutcome, play_turn};

/// What `puzzles generate` is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

impl Generate {
    /// `count` puzzles of `variant` from the run with `seed`, with the defaults: at most 4
    /// puzzles a game, 120 turns a game, 50 games a puzzle wanted, and 4000 answers at most.
    pub fn new(variant: Variant, count: usize, seed: u64) -> Generate {
        Generate {
            variant,
            count,
            seed,
            max_games: (count as u64).saturating_mul(50).max(100),
            per_game: 4,
            max_turns: 120,
            max_answers: 4000,
        }
    }
}

/// The bots of game `number` (from 1): every pairing of the levels in turn.
pub fn bots_of(number: u64) -> (Bot, Bot) {
    let levels = Bot::ALL.len() as u64;
    let i = number.saturating_sub(1);
    (
        Bot::ALL[(i % levels) as usize],
        Bot::ALL[((i / levels) % levels) as usize],
    )
}

/// Plays games `1, 2, …` of the run and keeps the puzzles found, deduplicated by position (and
/// face), until `count` are found or `max_games` are played. `progress` is told each game's
/// number and the puzzles found so far. The same options give the same puzzles, in the same
/// order.
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
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    for number in 1..=options.max_games {
        if found.len() >= options.count {
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
        let mut from_game = 0;
        for (turn, fen) in positions(options.variant, &played.game) {
            let faces: Vec<Option<Face>> = match options.variant {
                Variant::Sade => Face::ALL.map(Some).to_vec(),
                _ => vec![None],
            };
            for face in faces {
                if from_game >= options.per_game || found.len() >= options.count {
                    break;
                }
                if !seen.insert(position_key(&fen, face)) {
                    continue;
                }
                if let Some(p) = puzzle_at(options, &fen, face, || source(turn.clone())) {
                    found.push(p);
                    from_game += 1;
                }
            }
        }
        progress(number, found.len());
    }
    Ok(found)
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
    let (theme, explanation) = explain(&analysis, question, answer);
    Some(Puzzle {
        id: puzzle_id(variant, fen, face),
        variant,
        fen: fen.to_owned(),
        face,
        question,
        answer: answer.text.clone(),
        candidates: analysis.answers.len(),
        rating: rating::initial(&analysis),
        theme,
        explanation,
        source: source(),
    })
}

/// The theme (the Article the puzzle turns on) and the explanation, from the referee's verdict
/// on each answer.
pub(crate) fn explain(
    analysis: &Analysis,
    question: Question,
    answer: &Answer,
) -> (String, String) {
    let player = analysis.player_name();
    let others = analysis.answers.len() - 1;
    let losing = analysis.count(Outcome::Loses);
    let cite = |a: &Answer| {
        a.end
            .map(|(t, art)| format!("{} ({})", t.title(), art.cite()))
            .unwrap_or_default()
    };
    let rolled = analysis
        .face
        .map_or_else(String::new, |f| format!(" rolls {f} and"));
    match question {
        Question::WinNow | Question::MateInOneTurn => {
            let theme = answer.end.map(|(_, a)| a.cite()).unwrap_or_default();
            let text = format!(
                "{player}{rolled} wins this turn with {}: {}. Of the {others} other answers, {losing} lose this turn and {} let the game go on.",
                answer.text,
                cite(answer),
                others - losing
            );
            (theme.to_owned(), text)
        }
        Question::Survive => {
            // The theme: the Article under which most of the other answers lose.
            let mut counts: Vec<(String, usize)> = Vec::new();
            for a in analysis
                .answers
                .iter()
                .filter(|a| a.outcome == Outcome::Loses)
            {
                let c = cite(a);
                match counts.iter_mut().find(|(k, _)| *k == c) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((c, 1)),
                }
            }
            let theme = analysis
                .answers
                .iter()
                .filter(|a| a.outcome == Outcome::Loses)
                .filter_map(|a| a.end)
                .max_by_key(|(_, art)| {
                    counts
                        .iter()
                        .find(|(k, _)| k.contains(art.cite()))
                        .map_or(0, |(_, n)| *n)
                })
                .map(|(_, art)| art.cite().to_owned())
                .unwrap_or_default();
            let how = counts
                .iter()
                .map(|(c, n)| format!("{n} by {c}"))
                .collect::<Vec<_>>()
                .join(", ");
            let text = format!(
                "{player}{rolled} must play {}: each of the {others} other answers loses this turn ({how}).",
                answer.text
            );
            (theme, text)
        }
    }
}
