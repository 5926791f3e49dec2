//! Mining puzzles from self-play: the bots of [`crate::play`] play games at the engine's levels;
//! before each turn of each game, every question of the variant is asked of the position (Sade:
//! with each of the six faces) and kept when the referee proves exactly one answer.
//!
//! A rare theme (Marseillais: en passant, castling; Sade: the Sweet Stalemate, survive) is also
//! looked for one turn off the game, in a sideline: the turn before the puzzle played another
//! way, one that leaves the player the chance the theme turns on (a mate that takes en passant
//! or castles; a sacrifice that leaves no move; a series with few moves, one a check).

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::ControlFlow;

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Color, EnPassantMode, Position, Rank};

use super::analyse::{
    Consequence, analyse_bounded, analyse_defence_bounded, analyse_mate_in_two_bounded,
    analyse_material_bounded, sade_state, words,
};
use super::chances::{
    may_be_left_poor, may_expose_into_check, may_have_to_survive, may_mate_with,
    may_stalemate_by_sacrifice,
};
use super::error::PuzzleError;
use super::explain::explain;
use super::mates::has_mate;
use super::nearby::{board_key, near};
use super::prove::check_question;
use super::puzzle::{Continuation, Puzzle, Source, position_key, puzzle_id};
use super::question::{Question, WIN_MATERIAL_GAIN};
use super::rating;
use super::theme::Theme;
use super::variants::VARIANTS;
use crate::engine::eval::piece_value;
use crate::play::{self, Bot, Options};
use crate::record::{Face, Game, Side, Variant};
use crate::rules::marseillais::{TurnStart, visit_full_turns};
use crate::rules::sade::{State, TurnOutcome, play_turn, visit_fulfilments_after};

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
    fn wants(&self, theme: Theme) -> bool {
        self.themes.is_empty() || self.themes.contains(&theme)
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

/// The position (as FEN, Sade with the pocket) that `source` names in the self-play of
/// `variant`: game `source.game` of the run with `source.seed`, played by the bots named, the
/// position before `source.turn`, and after `source.sideline` when there is one. A puzzle's
/// `fen` is this position (its move counters aside). It plays the game again: slow at the
/// levels that search ([`Replays`] plays each game once for many sources).
///
/// # Errors
/// [`PuzzleError::NoSuchLevel`], [`PuzzleError::NoSuchTurn`] or [`PuzzleError::NotASideline`]
/// when the source names a level, a turn or a sideline that is none; [`PuzzleError::Play`]
/// when the game cannot be played.
pub fn replay_source(variant: Variant, source: &Source) -> Result<String, PuzzleError> {
    Replays::default().position(variant, source)
}

/// The games of the self-play played again to lead sources to their positions
/// ([`replay_source`]), each game played once and kept.
#[derive(Default)]
pub struct Replays {
    /// The games played, by variant, seed, game number and the bots' levels.
    games: HashMap<(Variant, u64, u64, Bot, Bot), Game>,
}

impl Replays {
    /// The position `source` names, as [`replay_source`] finds it.
    ///
    /// # Errors
    /// As for [`replay_source`].
    pub fn position(&mut self, variant: Variant, source: &Source) -> Result<String, PuzzleError> {
        let bot = |name: &str| {
            Bot::from_name(name).ok_or_else(|| PuzzleError::NoSuchLevel(name.to_owned()))
        };
        let (white, black) = (bot(&source.white)?, bot(&source.black)?);
        let key = (variant, source.seed, source.game, white, black);
        let game = match self.games.entry(key) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => {
                let play_options = Options {
                    variant,
                    white,
                    black,
                    max_turns: Generate::new(variant, 0, source.seed).max_turns,
                    fen: None,
                    seed: source.seed,
                };
                e.insert(play::play_game(&play_options, source.game)?.game)
            }
        };
        position_in(variant, game, source)
    }
}

/// The position `source` names in `game`, its game played again.
fn position_in(variant: Variant, game: &Game, source: &Source) -> Result<String, PuzzleError> {
    let options = Generate {
        sidelines: false,
        ..Generate::new(variant, 0, source.seed)
    };
    let no_turn = || PuzzleError::NoSuchTurn {
        game: source.game,
        turn: source.turn.clone(),
    };
    let Some(sideline) = &source.sideline else {
        return positions(&options, game)
            .into_iter()
            .find(|spot| spot.turn == source.turn)
            .map(|spot| spot.fen)
            .ok_or_else(no_turn);
    };
    let index = (0..game.turns.len())
        .find(|&i| turn_name(game, i) == source.turn)
        .ok_or_else(no_turn)?;
    sideline_fen(variant, game, index, sideline).ok_or_else(|| PuzzleError::NotASideline {
        sideline: sideline.clone(),
        turn: source.turn.clone(),
    })
}

/// The position (as FEN) after `sideline`, a turn that does not end the game, played instead of
/// record turn `index` of `game`; Sade: with the face the game rolled there.
fn sideline_fen(variant: Variant, game: &Game, index: usize, sideline: &str) -> Option<String> {
    let mut found = None;
    if variant == Variant::Sade {
        let mut state = State::from_game(game).ok()?;
        for turn in &game.turns[..index] {
            let played = play_turn(&state, turn);
            if played.outcome != TurnOutcome::Complete {
                return None;
            }
            state = played.state;
        }
        let face = game.turns[index].face.as_ref()?.value;
        let _complete = visit_fulfilments_after(&state, face, |f, reached| {
            if f.end.is_none() && words(&f.actions(&state)) == sideline {
                let mut after = reached.clone();
                after.end_turn();
                found = Some(after.fen());
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        return found;
    }
    let start = TurnStart::before_turn(game, index).ok()?;
    let _complete = visit_full_turns(&start, |turn| {
        if turn.end.is_none() && turn.san.join(" ") == sideline {
            found = start.after(turn).as_ref().and_then(marseillais_fen);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}

/// The name of record turn `i` of `game` (`12w`), empty past its end.
fn turn_name(game: &Game, i: usize) -> String {
    game.turns.get(i).map_or_else(String::new, |t| {
        let side = if t.number.side == Side::White {
            "w"
        } else {
            "b"
        };
        format!("{}{side}", t.number.number)
    })
}

/// A position of a played game, or of a sideline off it, where a puzzle is looked for.
struct Spot {
    /// The record turn before which the position stood, or the one the sideline plays instead.
    turn: String,
    /// The position as FEN (Sade with the pocket).
    fen: String,
    /// The sideline's turn, in SAN.
    sideline: Option<String>,
}

/// The positions before each turn of a played game, with the turn's name (`12w`), as FEN (Sade
/// with the pocket); Marseillais, with [`Generate::sidelines`], each followed by its sidelines.
/// Marseillais positions that FEN cannot hold (two en passant chances, a first turn of one
/// move) are left out.
fn positions(options: &Generate, game: &Game) -> Vec<Spot> {
    let name = |i: usize| turn_name(game, i);
    let mut out = Vec::new();
    match options.variant {
        Variant::Sade => {
            let Ok(mut state) = State::from_game(game) else {
                return out;
            };
            let rare_only = rare_sade_only(options);
            for (i, turn) in game.turns.iter().enumerate() {
                // With only the themes sidelines look for wanted, only a position where one can
                // come.
                if !rare_only || sade_chance(options, &state) {
                    out.push(Spot {
                        turn: name(i),
                        fen: state.fen(),
                        sideline: None,
                    });
                }
                if options.sidelines
                    && rare_sade_wanted(options)
                    && let Some(face) = &turn.face
                {
                    out.extend(sade_sidelines(options, &state, face.value).into_iter().map(
                        |(words, fen)| Spot {
                            turn: name(i),
                            fen,
                            sideline: Some(words),
                        },
                    ));
                }
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
                // Only a mate can be a Marseillais puzzle: when the themes wanted are en passant
                // or castling alone, a position without such a mate is not analysed.
                // A mate in two turns is looked for where the mover, two turns on in the game,
                // has a turn that mates.
                // A win of material, where the mover is a minor piece up, by the pieces' values,
                // after the opponent's reply in the game; a defence of it, where the mover is a
                // minor piece down then.
                let searched_themes = options.themes.contains(&Theme::WinMaterial)
                    || options.themes.contains(&Theme::DefendMaterial);
                let rare_only = !options.wants(Theme::MateInOneTurn)
                    && !options.wants(Theme::CheckEndsTheTurn)
                    && !options.wants(Theme::Defend);
                let worth = !rare_only
                    || may_mate_with(
                        &start,
                        options.wants(Theme::EnPassant),
                        options.wants(Theme::Castling),
                    )
                    || (options.themes.contains(&Theme::MateInTwoTurns)
                        && TurnStart::before_turn(game, i + 2).is_ok_and(|later| {
                            later.pos.turn() == start.pos.turn() && has_mate(&later)
                        }))
                    || (searched_themes
                        && TurnStart::before_turn(game, i + 2).is_ok_and(|later| {
                            let swing = material(&later) - material(&start);
                            later.pos.turn() == start.pos.turn()
                                && ((options.themes.contains(&Theme::WinMaterial)
                                    && swing >= WIN_MATERIAL_GAIN)
                                    || (options.themes.contains(&Theme::DefendMaterial)
                                        && swing <= -WIN_MATERIAL_GAIN))
                        }));
                if worth && let Some(fen) = marseillais_fen(&start) {
                    out.push(Spot {
                        turn: name(i),
                        fen,
                        sideline: None,
                    });
                }
                if options.sidelines {
                    out.extend(
                        sidelines(options, &start)
                            .into_iter()
                            .map(|(san, fen)| Spot {
                                turn: name(i),
                                fen,
                                sideline: Some(san),
                            }),
                    );
                }
            }
        }
    }
    out
}

/// The material of the player to move at `start`, less the opponent's, by the pieces' values.
fn material(start: &TurnStart) -> i32 {
    let board = start.pos.board();
    let mover = start.pos.turn();
    board
        .iter()
        .map(|(_, piece)| {
            let value = piece_value(piece.role);
            if piece.color == mover { value } else { -value }
        })
        .sum()
}

/// The FEN of a Marseillais turn's start, when FEN can hold it: a turn of two moves, at most
/// one en passant chance.
fn marseillais_fen(start: &TurnStart) -> Option<String> {
    if start.moves != 2 || start.ep.len() > 1 {
        return None;
    }
    let mut setup = start.pos.to_setup(EnPassantMode::Always);
    setup.ep_square = start.ep.first().copied();
    Some(
        Fen::try_from_setup(setup)
            .unwrap_or_else(shakmaty::fen::LossyFenError::ignore)
            .to_string(),
    )
}

/// The sidelines of `start` worth a look: each full turn that does not end the game and leaves
/// the opponent, at the next turn's start, a mate with a turn that takes en passant or castles
/// (of the themes wanted; [`may_mate_with`]), with the position it leads to as FEN. A turn is looked at only when the
/// position can give the chance: a pawn of the mover's that can step twice beside an enemy
/// pawn; castling rights of the opponent's.
fn sidelines(options: &Generate, start: &TurnStart) -> Vec<(String, String)> {
    let mover = start.pos.turn();
    let board = start.pos.board();
    let en_passant = options.wants(Theme::EnPassant) && {
        // The mover's pawns on their second rank, and the opponent's on the mover's fourth.
        let (home, fourth) = match mover {
            Color::White => (Rank::Second, Rank::Fourth),
            Color::Black => (Rank::Seventh, Rank::Fifth),
        };
        let ours = board.pawns() & board.by_color(mover) & Bitboard::from_rank(home);
        let theirs = board.pawns() & board.by_color(!mover) & Bitboard::from_rank(fourth);
        ours.into_iter().any(|sq| {
            theirs
                .into_iter()
                .any(|t| t.file().distance(sq.file()) == 1)
        })
    };
    let castling = options.wants(Theme::Castling) && start.pos.castles().has_color(!mover);
    if start.moves != 2 || !(en_passant || castling) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let _complete = visit_full_turns(start, |turn| {
        if turn.end.is_some() {
            return ControlFlow::Continue(());
        }
        let Some(next) = start.after(turn) else {
            return ControlFlow::Continue(());
        };
        if may_mate_with(&next, en_passant, castling)
            && let Some(fen) = marseillais_fen(&next)
        {
            out.push((turn.san.join(" "), fen));
        }
        ControlFlow::Continue(())
    });
    out
}

/// The Sade themes that sidelines look for: the Sweet Stalemate, survive, Poverty of the Flesh,
/// the exposure (face 6).
fn is_rare_sade(theme: Theme) -> bool {
    matches!(
        theme,
        Theme::SweetStalemate | Theme::Survive | Theme::PovertyOfTheFlesh | Theme::Exposure
    )
}

/// Whether a Sade theme that sidelines look for is wanted.
fn rare_sade_wanted(options: &Generate) -> bool {
    options.themes.iter().any(|&t| is_rare_sade(t))
}

/// Whether only Sade themes that sidelines look for are wanted.
fn rare_sade_only(options: &Generate) -> bool {
    !options.themes.is_empty() && options.themes.iter().all(|&t| is_rare_sade(t))
}

/// The faces a Sade position is asked with: all six, or, with only the themes sidelines look
/// for wanted, those of their chances (the Sweet Stalemate: 4 and 6, Art. 9.1; survive and
/// Poverty of the Flesh: 2 and 3, the series of Art. 4.1 and 13.2).
fn sade_faces(options: &Generate) -> Vec<Face> {
    if !rare_sade_only(options) {
        return Face::ALL.to_vec();
    }
    Face::ALL
        .into_iter()
        .filter(|face| {
            (options.wants(Theme::SweetStalemate) && matches!(face, Face::Four | Face::Six))
                || ((options.wants(Theme::Survive) || options.wants(Theme::PovertyOfTheFlesh))
                    && matches!(face, Face::Two | Face::Three))
                || (options.wants(Theme::Exposure) && *face == Face::Six)
        })
        .collect()
}

/// The Sade sidelines of `state` worth a look: each fulfilment of `face` (the face the game
/// rolled there) that does not end the game and leaves the next roller the chance at a theme
/// wanted ([`sade_chance`]), in words, with the position it leads to.
fn sade_sidelines(options: &Generate, state: &State, face: Face) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let _complete = visit_fulfilments_after(state, face, |f, reached| {
        if f.end.is_none() {
            let mut after = reached.clone();
            after.end_turn();
            if sade_chance(options, &after) {
                out.push((words(&f.actions(state)), after.fen()));
            }
        }
        ControlFlow::Continue(())
    });
    out
}

/// Whether the roller of `state` may meet a rare theme wanted: the Sweet Stalemate
/// ([`may_stalemate_by_sacrifice`]), a series to survive ([`may_have_to_survive`]) or one to
/// complete ([`may_be_left_poor`]).
fn sade_chance(options: &Generate, state: &State) -> bool {
    (options.wants(Theme::SweetStalemate) && may_stalemate_by_sacrifice(state))
        || (options.wants(Theme::Survive) && may_have_to_survive(state))
        || (options.wants(Theme::PovertyOfTheFlesh) && may_be_left_poor(state))
        || (options.wants(Theme::Exposure) && may_expose_into_check(state))
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
    let mut analysis = analyse_bounded(variant, fen, face, options.max_answers).ok()??;
    let questions: &[Question] = match variant {
        Variant::Sade => &[Question::WinNow, Question::Survive],
        _ => &[Question::MateInOneTurn],
    };
    let mut found = questions
        .iter()
        .find_map(|&q| check_question(&analysis, q).ok().map(|a| (q, a.clone())));
    // A mate in two turns, where nothing mates at once: each answer looked at after every
    // reply, the walk stopped at a second answer that mates next. Asked only when named: its
    // walk costs the replies' walks for each answer.
    if found.is_none()
        && variant != Variant::Sade
        && options.themes.contains(&Theme::MateInTwoTurns)
        && analysis.count(Consequence::Wins) == 0
        && let Some(two) = analyse_mate_in_two_bounded(fen, options.max_answers, 1).ok()?
        && two.line.as_ref().is_some_and(|l| l.ambiguous.is_none())
    {
        analysis = two;
        found = check_question(&analysis, Question::MateInTwoTurns)
            .ok()
            .map(|a| (Question::MateInTwoTurns, a.clone()));
    }
    // A defence, where nothing mates: the answers looked at one turn further, the walk stopped
    // at a second answer that is not mated. Asked only when named: its walk costs a turn's walk
    // for each answer.
    if found.is_none()
        && variant != Variant::Sade
        && options.themes.contains(&Theme::Defend)
        && analysis.count(Consequence::Wins) == 0
        && let Some(defence) = analyse_defence_bounded(fen, options.max_answers, 1).ok()?
    {
        analysis = defence;
        found = check_question(&analysis, Question::Defend)
            .ok()
            .map(|a| (Question::Defend, a.clone()));
    }
    // A win of material, or a defence of it, where nothing mates: every answer scored by the
    // engine's search. Asked only when named: the search costs a search of each answer.
    let searched = [
        (Theme::WinMaterial, Question::WinMaterial),
        (Theme::DefendMaterial, Question::DefendMaterial),
    ];
    if found.is_none()
        && variant != Variant::Sade
        && searched.iter().any(|(t, _)| options.themes.contains(t))
        && analysis.count(Consequence::Wins) == 0
        && let Some(material) = analyse_material_bounded(fen, options.max_answers).ok()?
    {
        analysis = material;
        found = searched
            .iter()
            .filter(|(t, _)| options.themes.contains(t))
            .find_map(|&(_, q)| check_question(&analysis, q).ok().map(|a| (q, a.clone())));
    }
    let (question, answer) = found?;
    let answer = &answer;
    let explained = explain(&analysis, question, answer);
    Some(Puzzle {
        id: puzzle_id(variant, fen, face),
        variant,
        fen: fen.to_owned(),
        face,
        question,
        answer: answer.text.clone(),
        then: analysis.line.as_ref().map(|l| Continuation {
            reply: l.reply.clone(),
            mate: l.mate.clone(),
        }),
        search: analysis.search.clone().filter(|_| question.searched()),
        candidates: analysis.answers.len(),
        rating: rating::initial(&analysis, answer),
        theme: explained.theme,
        article: explained.article,
        explanation: explained.text,
        source: source(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source() -> Source {
        Source {
            seed: 1,
            game: 1,
            white: "club".to_owned(),
            black: "club".to_owned(),
            turn: "19b".to_owned(),
            sideline: Some("Kd6 c5".to_owned()),
        }
    }

    #[test]
    fn a_sideline_that_leaves_an_en_passant_mate_is_found_and_is_a_puzzle() {
        // Black, in check from the rook, plays Kd6 and c5 (check): White takes en passant,
        // dxc6, and mates with Rd7 (M4); no other turn mates.
        let start = TurnStart::from_fen("8/2pk3R/8/3P1P2/3KB2p/7P/8/8 b - - 0 19").unwrap();
        let mut options = Generate {
            themes: vec![Theme::EnPassant],
            sidelines: true,
            ..Generate::new(Variant::Marseillais, 1, 1)
        };
        let after = "8/7R/3k4/2pP1P2/3KB2p/7P/8/8 w - c6 0 20";
        let found = sidelines(&options, &start);
        assert!(
            found
                .iter()
                .any(|(san, fen)| san == "Kd6 c5" && fen == after),
            "{found:?}"
        );
        // Each sideline kept leaves White a turn that takes en passant and mates.
        for (san, fen) in &found {
            let next = TurnStart::from_fen(fen).unwrap();
            assert!(may_mate_with(&next, true, false), "{san}: {fen}");
        }
        let puzzle = puzzle_at(&options, after, None, source).unwrap();
        assert_eq!(
            (puzzle.theme, puzzle.answer.as_str()),
            (Theme::EnPassant, "dxc6 Rd7")
        );
        // Castling alone wanted: Black's sidelines give White no castling, so none is kept.
        options.themes = vec![Theme::Castling];
        assert!(sidelines(&options, &start).is_empty());
    }

    #[test]
    fn a_defence_is_the_one_turn_after_which_the_opponent_has_no_mate() {
        // Black's king and bishop against White's king, rook, bishop and two pawns: after 58
        // of Black's 59 turns White mates next turn; only Be6 with Kc8 leaves no mate (game 72
        // of seed 1, club against casual).
        let fen = "1kb5/6R1/1K6/1P1B4/3P4/8/8/8 b - - 0 27";
        let options = Generate {
            themes: vec![Theme::Defend],
            ..Generate::new(Variant::Marseillais, 1, 1)
        };
        let puzzle = puzzle_at(&options, fen, None, source).unwrap();
        assert_eq!(
            (puzzle.question, puzzle.theme, puzzle.article),
            (Question::Defend, Theme::Defend, crate::rules::Article::M3)
        );
        assert_eq!((puzzle.answer.as_str(), puzzle.candidates), ("Be6 Kc8", 59));
        assert!(super::super::prove::prove(&puzzle).is_ok());
        // Every way of another answer is mated at the next turn; the answer's are not.
        let analysis = super::super::analyse::analyse_defence(fen).unwrap();
        let start = TurnStart::from_fen(fen).unwrap();
        let mut met = 0;
        let _complete = visit_full_turns(&start, |t| {
            let next = start.after(t).unwrap();
            let mated = super::super::analyse::winning_turn(&next).is_some();
            let answer = analysis
                .answers
                .iter()
                .find(|a| a.orders.contains(&t.san.join(" ")));
            assert_eq!(mated, answer.unwrap().text != "Be6 Kc8", "{:?}", t.san);
            met += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(met, analysis.ways);
        assert_eq!(analysis.count(Consequence::LosesNext), 58);
        // Not named, the defence is not looked for: no turn mates, so no puzzle.
        let every = Generate::new(Variant::Marseillais, 1, 1);
        assert!(puzzle_at(&every, fen, None, source).is_none());
        // A defence of fewer than 20 answers is no puzzle: White's king walks out of the
        // queen's check (16 answers, game 19); the proof says so.
        let king_walk = "r3k3/pp1bbpp1/n7/8/4P3/3P2P1/P1P1q2K/8 w q - 0 10";
        assert!(puzzle_at(&options, king_walk, None, source).is_none());
        let walk = super::super::analyse::analyse_defence(king_walk).unwrap();
        assert!(matches!(
            check_question(&walk, Question::Defend),
            Err(PuzzleError::TooFewAnswers {
                found: 16,
                least: 20,
                ..
            })
        ));
    }

    #[test]
    fn a_mate_in_two_turns_is_the_one_turn_after_which_every_reply_is_mated() {
        // Black's pawn steps to e2 and the king to e3: White's king has no square, and White's
        // only turn, f6 f7, lets d3 d2 mate (game 45 of seed 1, casual against casual).
        let fen = "8/8/8/5P2/3p4/4pk2/8/4K3 b - - 0 40";
        let options = Generate {
            themes: vec![Theme::MateInTwoTurns],
            ..Generate::new(Variant::Marseillais, 1, 1)
        };
        let puzzle = puzzle_at(&options, fen, None, source).unwrap();
        assert_eq!(
            (puzzle.question, puzzle.theme, puzzle.answer.as_str()),
            (Question::MateInTwoTurns, Theme::MateInTwoTurns, "e2 Ke3")
        );
        assert_eq!(
            puzzle.then,
            Some(Continuation {
                reply: "f6 f7".to_owned(),
                mate: "d3 d2".to_owned()
            })
        );
        assert!(super::super::prove::prove(&puzzle).is_ok());
        // Every other answer has a reply that escapes; the answer's one reply does not.
        let analysis = super::super::analyse::analyse_mate_in_two(fen).unwrap();
        assert_eq!(analysis.count(Consequence::MatesNext), 1);
        assert_eq!(analysis.count(Consequence::GoesOn), analysis.answers.len() - 1);
        let start = TurnStart::from_fen(fen).unwrap();
        let _complete = visit_full_turns(&start, |t| {
            let next = start.after(t).unwrap();
            let escapes = super::super::mates::escape(&next, &mut None).is_some();
            let answer = analysis
                .answers
                .iter()
                .find(|a| a.orders.contains(&t.san.join(" ")))
                .unwrap();
            assert_eq!(escapes, answer.outcome == Consequence::GoesOn, "{:?}", t.san);
            ControlFlow::Continue(())
        });
        // The proof holds the file's reply and mate to the referee's.
        let mut wrong = puzzle.clone();
        wrong.then = Some(Continuation {
            reply: "f6 f7".to_owned(),
            mate: "d2 d1=Q".to_owned(),
        });
        assert!(matches!(
            super::super::prove::prove(&wrong),
            Err(PuzzleError::WrongContinuation { .. })
        ));
        // Not named, it is not looked for.
        let every = Generate::new(Variant::Marseillais, 1, 1);
        assert!(puzzle_at(&every, fen, None, source).is_none());
        // A position with a mate in one turn is no mate in two: the proof says so.
        let sooner = "8/8/8/5P2/8/3pk3/4p3/4K3 b - - 0 40";
        let quick = super::super::analyse::analyse_mate_in_two(sooner).unwrap();
        assert!(matches!(
            check_question(&quick, Question::MateInTwoTurns),
            Err(PuzzleError::MatesSooner { .. })
        ));
    }

    #[test]
    fn a_win_of_material_is_the_one_turn_that_wins_a_piece_by_a_margin() {
        // a3 attacks the knight on b4 and axb4 takes it: the two moves of one turn win a piece
        // (game 12 of seed 3, club against casual). Qa4 Qxb4 takes it too, but c5 cxb4 then
        // takes the queen.
        let fen = "r1bqkbr1/pppppp1p/6p1/8/1nP1N3/8/PB1PPPPP/R2QKBNR w KQq - 1 4";
        let (puzzle, search) = searched(Theme::WinMaterial, fen);
        assert_eq!(
            (puzzle.question, puzzle.answer.as_str()),
            (Question::WinMaterial, "a3 axb4")
        );
        assert!(
            search.score - search.before >= WIN_MATERIAL_GAIN,
            "{search:?}"
        );
        let analysis = super::super::analyse::analyse_material(fen).unwrap();
        assert_eq!(analysis.count(Consequence::WinsMaterial), 1);
        let queen = analysis
            .answers
            .iter()
            .find(|a| a.orders.iter().any(|o| o == "Qa4 Qxb4"))
            .unwrap();
        assert_eq!(queen.outcome, Consequence::GoesOn);
        // The proof holds the file's scores to the search's.
        let mut wrong = puzzle.clone();
        wrong.search = Some(super::super::puzzle::Search {
            next_score: search.next_score - 1,
            ..search.clone()
        });
        assert!(matches!(
            super::super::prove::prove(&wrong),
            Err(PuzzleError::WrongSearch { .. })
        ));
        // Without Black's knight nothing hangs: no turn wins material.
        let quiet = "r1bqkbr1/pppppp1p/6p1/8/2P1N3/8/PB1PPPPP/R2QKBNR w KQq - 1 4";
        let none = super::super::analyse::analyse_material(quiet).unwrap();
        assert!(matches!(
            check_question(&none, Question::WinMaterial),
            Err(PuzzleError::NoAnswer(Question::WinMaterial))
        ));
        // A position with a mate in one turn is no win of material: the proof says so.
        let mate = "7k/8/8/8/8/8/8/RR4K1 w - - 0 1";
        let quick = super::super::analyse::analyse_material(mate).unwrap();
        assert!(matches!(
            check_question(&quick, Question::WinMaterial),
            Err(PuzzleError::MatesSooner { .. })
        ));
    }

    #[test]
    fn a_defence_of_material_is_the_one_turn_that_loses_no_piece() {
        // White's pawn on a7 queens unless Black's rook comes back to the a-file: Ra2, then Ne2
        // with check (game 225 of seed 1, casual against casual).
        let fen = "4k3/P5R1/3p1p1P/4p3/3nP3/1b6/4r3/2K5 b - - 0 20";
        let (puzzle, search) = searched(Theme::DefendMaterial, fen);
        assert_eq!(
            (puzzle.question, puzzle.answer.as_str()),
            (Question::DefendMaterial, "Ra2 Ne2")
        );
        let gain = search.score - search.before;
        assert!(
            -WIN_MATERIAL_GAIN < gain && gain < WIN_MATERIAL_GAIN,
            "{search:?}"
        );
        let analysis = super::super::analyse::analyse_material(fen).unwrap();
        assert_eq!(
            (
                analysis.count(Consequence::Holds),
                analysis.count(Consequence::WinsMaterial)
            ),
            (1, 0)
        );
        // Asked as a win of material, it has no answer; a win of material asked as a defence
        // has none either.
        assert!(matches!(
            check_question(&analysis, Question::WinMaterial),
            Err(PuzzleError::NoAnswer(Question::WinMaterial))
        ));
        let win = "r1bqkbr1/pppppp1p/6p1/8/1nP1N3/8/PB1PPPPP/R2QKBNR w KQq - 1 4";
        let win = super::super::analyse::analyse_material(win).unwrap();
        assert!(matches!(
            check_question(&win, Question::DefendMaterial),
            Err(PuzzleError::NoAnswer(Question::DefendMaterial))
        ));
    }

    /// The puzzle of `theme` (a question the engine's search decides) at `fen`: proved, its
    /// scores at the stated depth with the margin over the next best, and not looked for
    /// unless named.
    fn searched(theme: Theme, fen: &str) -> (Puzzle, super::super::puzzle::Search) {
        let options = Generate {
            themes: vec![theme],
            ..Generate::new(Variant::Marseillais, 1, 1)
        };
        let puzzle = puzzle_at(&options, fen, None, source).unwrap();
        assert_eq!(puzzle.theme, theme);
        let search = puzzle.search.clone().expect("the engine's scores");
        assert_eq!(search.depth, super::super::question::WIN_MATERIAL_DEPTH);
        assert!(
            search.score - search.next_score >= WIN_MATERIAL_GAIN,
            "{search:?}"
        );
        assert!(super::super::prove::prove(&puzzle).is_ok());
        let every = Generate::new(Variant::Marseillais, 1, 1);
        assert!(puzzle_at(&every, fen, None, source).is_none());
        (puzzle, search)
    }

    #[test]
    fn a_face_6_survival_is_an_exposure_puzzle() {
        // Black rolls 6: the f4 pawn, next to the king, must leave it; f3 is its one move that
        // gives no check (a check that does not mate breaks the series and loses, Art. 4.1).
        // (Game 21 of seed 1, casual against casual, one turn off it.)
        let fen = "3r4/p2P4/7p/2b1k2p/3n1p2/8/PPP2K1P/RNR5[QBBNPPPqrbnpppp] b - - 2 16";
        let state = sade_state(fen).unwrap();
        assert!(super::super::chances::may_expose_into_check(&state));
        let options = Generate {
            themes: vec![Theme::Exposure],
            sidelines: true,
            ..Generate::new(Variant::Sade, 1, 1)
        };
        assert_eq!(sade_faces(&options), vec![Face::Six]);
        let puzzle = puzzle_at(&options, fen, Some(Face::Six), source).unwrap();
        assert_eq!(
            (
                puzzle.question,
                puzzle.theme,
                puzzle.article,
                puzzle.answer.as_str()
            ),
            (
                Question::Survive,
                Theme::Exposure,
                crate::rules::Article::Art4_1,
                "f3"
            )
        );
        assert!(super::super::prove::prove(&puzzle).is_ok());
        // On face 2 the same position is no exposure.
        assert!(
            puzzle_at(&options, fen, Some(Face::Two), source)
                .is_none_or(|p| p.theme != Theme::Exposure)
        );
    }

    #[test]
    fn a_sade_sideline_that_leaves_a_sweet_stalemate_is_a_puzzle() {
        // Black rolls 4: taking off the rook leaves the king and a blocked pawn, not in check
        // and without a move: the Sweet Stalemate (Art. 9.1).
        let fen = "4k2r/8/5Q2/p3N3/N7/8/8/3K4[RRBBPPPPPPPPqrbbnnppppppp] b k - 1 27";
        let state = sade_state(fen).unwrap();
        assert!(may_stalemate_by_sacrifice(&state));
        let options = Generate {
            themes: vec![Theme::SweetStalemate],
            sidelines: true,
            ..Generate::new(Variant::Sade, 1, 1)
        };
        let puzzle = puzzle_at(&options, fen, Some(Face::Four), source).unwrap();
        assert_eq!(
            (puzzle.theme, puzzle.answer.as_str()),
            (Theme::SweetStalemate, "-Rh8")
        );
        // A knight more, free to move: no sacrifice stalemates Black.
        let knight = "1n2k2r/8/5Q2/p3N3/N7/8/8/3K4[RRBBPPPPPPPPqrbbnppppppp] b k - 1 27";
        assert!(!may_stalemate_by_sacrifice(&sade_state(knight).unwrap()));
        // White's turn before, on face 3 with White's own pieces (Black's could not make the
        // series, R4), played so: a sideline that leaves Black the chance. (Game 11 of seed 1
        // plays another turn there.)
        let before = "4k2r/6Q1/8/p1N5/r1N5/8/8/3K4[RRBBPPPPPPPPqbbnnppppppp] w k - 6 27";
        let found = sade_sidelines(&options, &sade_state(before).unwrap(), Face::Three);
        assert!(
            found
                .iter()
                .any(|(words, f)| words == "Ne5 Nxa4 Qf6" && f == fen),
            "{found:?}"
        );
        assert!(sade_sidelines(&options, &sade_state(before).unwrap(), Face::Four).is_empty());
    }

    #[test]
    fn a_quick_look_for_a_survival_wants_few_moves_of_the_opponents_one_a_check() {
        // A survival of the set: Black rolls 3 and must move three of White's pieces; all
        // but one series give check without mate (Art. 4.1). White's pieces have 6 moves.
        let fen = "8/3kn3/n4p2/2P5/6P1/1p1PP3/r7/3K4[QRRBBNNPPPPqrbbpppppp] b - - 3 20";
        let state = sade_state(fen).unwrap();
        assert!(may_have_to_survive(&state));
        let options = Generate {
            themes: vec![Theme::Survive],
            sidelines: true,
            ..Generate::new(Variant::Sade, 1, 1)
        };
        assert_eq!(sade_faces(&options), [Face::Two, Face::Three]);
        let puzzle = puzzle_at(&options, fen, Some(Face::Three), source).unwrap();
        assert_eq!(puzzle.theme, Theme::Survive);
        // The opening position: White's pieces have 20 moves, none a check.
        let start =
            sade_state("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] b KQkq - 0 1").unwrap();
        assert!(!may_have_to_survive(&start));
        // Every theme wanted: every face.
        assert_eq!(sade_faces(&Generate::new(Variant::Sade, 1, 1)), Face::ALL);
    }

    #[test]
    fn a_quick_look_finds_a_castling_mate_and_only_with_the_right() {
        // White mates with O-O (the rook comes to f1), first (a check ends the turn, M2) or
        // after a quiet first move.
        let castle = TurnStart::from_fen("8/8/8/8/7Q/5k2/2N5/2N1K2R w K - 0 1").unwrap();
        assert!(may_mate_with(&castle, false, true));
        assert!(!may_mate_with(&castle, true, false), "no en passant here");
        // The same with the right gone: no castling mate.
        let no_right = TurnStart::from_fen("8/8/8/8/7Q/5k2/2N5/2N1K2R w - - 0 1").unwrap();
        assert!(!may_mate_with(&no_right, false, true));
    }
}
