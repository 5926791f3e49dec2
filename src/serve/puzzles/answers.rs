//! What the Puzzles mode answers: a player and their ratings, the next puzzle and its game, a
//! judgement and the ratings after it, the themes, the attempts left for another puzzle.

use serde::Serialize;

use crate::puzzles::rating::Solver;
use crate::puzzles::{AttemptJudgement, Question};
use crate::record::{Face, Side, Variant};
use crate::serve::view::{Created, DrawnAction};

/// A puzzle player's Glicko-2 rating and progress.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzlePlayer {
    /// The player's id: 16 hex digits.
    pub(super) id: String,
    /// The player's rating over every attempt, of both games.
    pub(super) rating: f64,
    pub(super) deviation: f64,
    /// The player's rating in each game played (`sade`, `marseillais`): the next puzzle of a
    /// game is chosen near it (spec/PUZZLES.md).
    pub(super) games: Vec<GameRating>,
    /// The rated attempts: each puzzle's first, unaided.
    pub(super) attempts: u32,
    /// The puzzles solved at a rated attempt.
    pub(super) solved: usize,
    /// The last attempts judged (at most [`HISTORY`]), oldest first: the page draws the
    /// player's rating over them.
    pub(super) history: Vec<AttemptShown>,
}

/// A puzzle player's rating in one game.
#[derive(Serialize, utoipa::ToSchema)]
pub struct GameRating {
    /// `sade` or `marseillais`.
    pub(super) game: String,
    pub(super) rating: f64,
    pub(super) deviation: f64,
}

/// How many of a player's attempts the answers carry.
pub const HISTORY: usize = 200;

/// One attempt judged, as the history shows it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AttemptShown {
    pub(super) puzzle: String,
    /// The puzzle's theme (`sacrifice-accomplished`; before 2026-12-04, an Article).
    pub(super) theme: String,
    pub(super) solved: bool,
    /// The player's rating after it.
    pub(super) rating: f64,
    /// The player's rating in the puzzle's game after it (none for an attempt kept before
    /// 2026-12-06).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) game_rating: Option<f64>,
    /// Milliseconds since 1970.
    pub(super) at: u64,
    /// An attempt at a puzzle met before: it changed no rating.
    pub(super) again: bool,
}

impl PuzzlePlayer {
    pub(super) fn of(player: &str, progress: &Solver) -> PuzzlePlayer {
        let from = progress.history.len().saturating_sub(HISTORY);
        let mut met = std::collections::HashSet::new();
        let again: Vec<bool> = progress
            .history
            .iter()
            .map(|a| !met.insert(a.puzzle.as_str()))
            .collect();
        PuzzlePlayer {
            id: player.to_owned(),
            rating: progress.player.rating.round(),
            deviation: progress.player.deviation.round(),
            games: progress
                .games
                .iter()
                .map(|(game, r)| GameRating {
                    game: game.clone(),
                    rating: r.rating.round(),
                    deviation: r.deviation.round(),
                })
                .collect(),
            attempts: progress.attempts,
            solved: progress.solved.len(),
            history: progress.history[from..]
                .iter()
                .zip(&again[from..])
                .map(|(a, &again)| AttemptShown {
                    puzzle: a.puzzle.clone(),
                    theme: a.theme.clone(),
                    solved: a.solved,
                    rating: a.rating.round(),
                    game_rating: a.game_rating.map(f64::round),
                    at: a.at,
                    again,
                })
                .collect(),
        }
    }
}

/// The next puzzle near the player's rating, and the game it is played in (as
/// `POST /api/games` answers), its face already rolled (spec/PUZZLES.md).
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleNext {
    #[serde(flatten)]
    pub(super) game: Created,
    /// The attempts left unjudged for this one and counted (begun, or complete): each with its
    /// answer. Attempts left untouched are dropped and not listed.
    pub(super) left: Vec<PuzzleLeft>,
    pub(super) player: PuzzlePlayer,
    pub(super) puzzle: PuzzleShown,
}

/// The puzzle as the page shows it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleShown {
    pub(super) id: String,
    #[schema(schema_with = crate::serve::schema::puzzle_game)]
    pub(super) variant: Variant,
    #[schema(schema_with = crate::serve::schema::question)]
    pub(super) question: Question,
    pub(super) words: String,
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 6, required = true)]
    pub(super) face: Option<Face>,
    /// The player to act, `white` or `black`: the page turns the board to them.
    #[schema(value_type = String, pattern = "^(white|black)$")]
    pub(super) side: Side,
    pub(super) rating: f64,
    /// The square where the player to act may take en passant (the FEN's), or null: the board
    /// shows no last move, so the page says it.
    #[schema(value_type = Option<String>, pattern = "^[a-h][36]$", required = true)]
    pub(super) en_passant: Option<String>,
    /// The player met this puzzle before (every puzzle of the choice was met): the attempt
    /// changes no rating.
    pub(super) again: bool,
}

/// The referee's judgement of the puzzle's turn, and the ratings after it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleJudged {
    pub(super) judgement: PuzzleJudgement,
    /// The puzzle's answer as the referee plays it, action by action, for the board to draw
    /// (numbered arrows) beside the sentence that says why it works.
    pub(super) answer_drawn: Vec<DrawnAction>,
    pub(super) player: PuzzlePlayer,
    pub(super) change: f64,
    /// The player had met this puzzle before: the attempt changed no rating.
    pub(super) again: bool,
    pub(super) puzzle: PuzzleRated,
}

/// The referee's judgement of an attempt (the library's puzzle `AttemptJudgement`).
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleJudgement {
    pub(super) solved: bool,
    /// The turn played, as SDN actions.
    pub(super) played: String,
    /// How the turn played ended, in the referee's words.
    pub(super) verdict: String,
    /// The puzzle's one answer.
    pub(super) answer: String,
    /// What the puzzle was about (`check-ends-the-turn`), told once it is played.
    pub(super) theme: String,
    /// The theme in words.
    pub(super) theme_title: String,
    /// The Article or rule the puzzle turns on (`M2`).
    pub(super) article: String,
    pub(super) explanation: String,
    /// Help was asked during the attempt (the options, a take-back): it counts as failed,
    /// whatever was played, and changes no rating.
    pub(super) aided: bool,
}

impl PuzzleJudgement {
    pub(super) fn of(j: AttemptJudgement, aided: bool) -> PuzzleJudgement {
        PuzzleJudgement {
            solved: j.solved && !aided,
            played: j.played,
            verdict: j.verdict,
            answer: j.answer,
            theme: j.theme.slug().to_owned(),
            theme_title: j.theme.words().to_owned(),
            article: j.article,
            explanation: j.explanation,
            aided,
        }
    }
}

/// A puzzle's rating after an attempt.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleRated {
    pub(super) id: String,
    pub(super) rating: f64,
}

/// A theme of the puzzles of one game.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Theme {
    #[schema(schema_with = crate::serve::schema::puzzle_game)]
    pub(super) variant: Variant,
    /// As the puzzles name it (`sacrifice-accomplished`, `en-passant`).
    pub(super) theme: String,
    /// The theme in words.
    pub(super) title: String,
    /// The Articles or rules its puzzles turn on, most often first (`Art. 9.2`, `M4`).
    pub(super) articles: Vec<String>,
    pub(super) count: usize,
}

/// An attempt left for the next puzzle and counted: whether it was solved, and its answer with
/// the sentence that says why it works (the page shows it, as after a judgement).
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleLeft {
    pub(super) id: String,
    pub(super) solved: bool,
    pub(super) answer: String,
    pub(super) explanation: String,
}
