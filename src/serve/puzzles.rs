//! The Puzzles mode: `POST /api/puzzles/next` gives a player the puzzle nearest their rating as
//! an ordinary game of the server (record mode, the puzzle's face entered by the server), and
//! `POST /api/puzzles/{game}/judge` has the referee judge the turn the game's record holds
//! ([`crate::puzzles::judge`]), then updates both Glicko-2 ratings. A player's progress is a
//! file beside the games: `puzzles-{player}.json`, written atomically.

use std::fs;
use std::io::Write;
use std::path::{Path as FsPath, PathBuf};
use std::sync::Mutex;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::error::{ApiError, ErrorBody};
use super::http::{Body, GAME, Shared, admit, blocking, find_as, held, sorted};
use super::input::Die;
use super::kind::{Kind, PUZZLE_EVENT};
use super::live::{Holder, Live};
use super::new_game::{NewGame, new_game};
use super::store::valid_id;
use super::view::{Created, DrawnAction, drawn_turn};
use crate::puzzles::rating::Solver;
use crate::puzzles::{AttemptJudgement, Puzzle, Question, judge};
use crate::record::{Face, Side, Variant};

/// The committed puzzles, read once.
pub fn all() -> &'static [Puzzle] {
    crate::puzzles::shipped()
}

/// One player's progress at a time: the file is read, changed and written under this lock.
static PROGRESS: Mutex<()> = Mutex::new(());

fn progress_path(dir: &FsPath, player: &str) -> PathBuf {
    dir.join(format!("puzzles-{player}.json"))
}

fn load(dir: &FsPath, player: &str) -> Result<Solver, ApiError> {
    match fs::read_to_string(progress_path(dir, player)) {
        Ok(text) => serde_json::from_str(&text)
            .map_err(|e| ApiError::internal(format!("the player's progress is unreadable: {e}"))),
        Err(_) => Err(ApiError::not_found("player", format!("no player {player}"))),
    }
}

/// Writes the progress through a temporary file and a rename (as the games are).
fn save(dir: &FsPath, player: &str, progress: &Solver) -> Result<(), ApiError> {
    let path = progress_path(dir, player);
    let temp = dir.join(format!(".puzzles-{player}.json.tmp"));
    let text =
        serde_json::to_string_pretty(progress).map_err(|e| ApiError::internal(e.to_string()))?;
    (|| -> std::io::Result<()> {
        let mut file = fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        fs::rename(&temp, &path)
    })()
    .map_err(|e| ApiError::unsaved(format!("the player's progress could not be saved: {e}")))
}

/// A puzzle player's Glicko-2 rating and progress.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzlePlayer {
    /// The player's id: 16 hex digits.
    id: String,
    /// The player's rating over every attempt, of both games.
    rating: f64,
    deviation: f64,
    /// The player's rating in each game played (`sade`, `marseillais`): the next puzzle of a
    /// game is chosen near it (spec/PUZZLES.md).
    games: Vec<GameRating>,
    /// The rated attempts: each puzzle's first, unaided.
    attempts: u32,
    /// The puzzles solved at a rated attempt.
    solved: usize,
    /// The last attempts judged (at most [`HISTORY`]), oldest first: the page draws the
    /// player's rating over them.
    history: Vec<AttemptShown>,
}

/// A puzzle player's rating in one game.
#[derive(Serialize, utoipa::ToSchema)]
pub struct GameRating {
    /// `sade` or `marseillais`.
    game: String,
    rating: f64,
    deviation: f64,
}

/// How many of a player's attempts the answers carry.
pub const HISTORY: usize = 200;

/// One attempt judged, as the history shows it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct AttemptShown {
    puzzle: String,
    /// The puzzle's theme (`sacrifice-accomplished`; before 2026-12-04, an Article).
    theme: String,
    solved: bool,
    /// The player's rating after it.
    rating: f64,
    /// The player's rating in the puzzle's game after it (none for an attempt kept before
    /// 2026-12-06).
    #[serde(skip_serializing_if = "Option::is_none")]
    game_rating: Option<f64>,
    /// Milliseconds since 1970.
    at: u64,
    /// An attempt at a puzzle met before: it changed no rating.
    again: bool,
}

impl PuzzlePlayer {
    fn of(player: &str, progress: &Solver) -> PuzzlePlayer {
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
    game: Created,
    /// The attempts left unjudged for this one and counted (begun, or complete): each with its
    /// answer. Attempts left untouched are dropped and not listed.
    left: Vec<PuzzleLeft>,
    player: PuzzlePlayer,
    puzzle: PuzzleShown,
}

/// The puzzle as the page shows it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleShown {
    id: String,
    #[schema(schema_with = super::schema::puzzle_game)]
    variant: Variant,
    #[schema(schema_with = super::schema::question)]
    question: Question,
    words: String,
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 6, required = true)]
    face: Option<Face>,
    /// The player to act, `white` or `black`: the page turns the board to them.
    #[schema(value_type = String, pattern = "^(white|black)$")]
    side: Side,
    rating: f64,
    /// The square where the player to act may take en passant (the FEN's), or null: the board
    /// shows no last move, so the page says it.
    #[schema(value_type = Option<String>, pattern = "^[a-h][36]$", required = true)]
    en_passant: Option<String>,
    /// The player met this puzzle before (every puzzle of the choice was met): the attempt
    /// changes no rating.
    again: bool,
}

/// The referee's judgement of the puzzle's turn, and the ratings after it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleJudged {
    judgement: PuzzleJudgement,
    /// The puzzle's answer as the referee plays it, action by action, for the board to draw
    /// (numbered arrows) beside the sentence that says why it works.
    answer_drawn: Vec<DrawnAction>,
    player: PuzzlePlayer,
    change: f64,
    /// The player had met this puzzle before: the attempt changed no rating.
    again: bool,
    puzzle: PuzzleRated,
}

/// The referee's judgement of an attempt (the library's puzzle `AttemptJudgement`).
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleJudgement {
    solved: bool,
    /// The turn played, as SDN actions.
    played: String,
    /// How the turn played ended, in the referee's words.
    verdict: String,
    /// The puzzle's one answer.
    answer: String,
    /// What the puzzle was about (`check-ends-the-turn`), told once it is played.
    theme: String,
    /// The theme in words.
    theme_title: String,
    /// The Article or rule the puzzle turns on (`M2`).
    article: String,
    explanation: String,
    /// Help was asked during the attempt (the options, a take-back): it counts as failed,
    /// whatever was played, and changes no rating.
    aided: bool,
}

impl PuzzleJudgement {
    fn of(j: AttemptJudgement, aided: bool) -> PuzzleJudgement {
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
    id: String,
    rating: f64,
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NextRequest {
    /// The player's id from an earlier answer; none: a new player.
    #[serde(default)]
    player: Option<String>,
    /// Only puzzles of this variant (`sade`, `marseillais`).
    #[serde(default, deserialize_with = "puzzle_variant")]
    #[schema(schema_with = super::schema::puzzle_variant)]
    variant: Option<Variant>,
    /// Only puzzles of this theme (`sacrifice-accomplished`, `en-passant`: `GET
    /// /api/puzzles/themes` lists those that have puzzles);
    /// none: mixed.
    #[serde(default)]
    #[schema(schema_with = super::schema::puzzle_theme)]
    theme: Option<crate::puzzles::Theme>,
}

/// A theme of the puzzles of one game.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Theme {
    #[schema(schema_with = super::schema::puzzle_game)]
    variant: Variant,
    /// As the puzzles name it (`sacrifice-accomplished`, `en-passant`).
    theme: String,
    /// The theme in words.
    title: String,
    /// The Articles or rules its puzzles turn on, most often first (`Art. 9.2`, `M4`).
    articles: Vec<String>,
    count: usize,
}

#[utoipa::path(
    get,
    path = "/api/puzzles/themes",
    operation_id = "puzzles_themes",
    description = "The themes of the puzzles, game by game, with how many puzzles each has.",
    responses((status = 200, description = "The themes.", body = Vec<Theme>))
)]
pub(super) async fn themes() -> Json<Vec<Theme>> {
    let mut out: Vec<Theme> = Vec::new();
    let mut articles: Vec<(String, String, usize)> = Vec::new();
    for p in all() {
        let slug = p.theme.slug();
        match out
            .iter_mut()
            .find(|t| t.variant == p.variant && t.theme == slug)
        {
            Some(t) => t.count += 1,
            None => out.push(Theme {
                variant: p.variant,
                theme: slug.to_owned(),
                title: p.theme.words().to_owned(),
                articles: Vec::new(),
                count: 1,
            }),
        }
        let cite = p.article.cite().to_owned();
        match articles
            .iter_mut()
            .find(|(t, a, _)| t == slug && *a == cite)
        {
            Some((_, _, n)) => *n += 1,
            None => articles.push((slug.to_owned(), cite, 1)),
        }
    }
    articles.sort_by(|a, b| b.2.cmp(&a.2).then_with(|| a.1.cmp(&b.1)));
    for t in &mut out {
        t.articles = articles
            .iter()
            .filter(|(slug, _, _)| *slug == t.theme)
            .map(|(_, a, _)| a.clone())
            .collect();
    }
    out.sort_by(|a, b| {
        (a.variant.tag(), b.count, &a.theme).cmp(&(b.variant.tag(), a.count, &b.theme))
    });
    Json(out)
}

/// `variant`: a game of puzzles, or null; any other name is refused as serde refuses an
/// unknown one.
fn puzzle_variant<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Variant>, D::Error> {
    Option::<String>::deserialize(d)?
        .map(|name| crate::puzzles::variant_named(&name))
        .transpose()
}

#[utoipa::path(
    post,
    path = "/api/puzzles/next",
    operation_id = "puzzles_next",
    description = "The next puzzle near the player's rating (a new player without `player`), in a game of its own with its face rolled (spec/PUZZLES.md). An attempt left unjudged for it is judged as it stands when its turn is complete, counts as failed when begun but not complete, and is dropped when nothing was written in its game.",
    request_body = NextRequest,
    responses(
        (status = 201, description = "The puzzle and its game.", body = PuzzleNext),
        (status = 400, description = "The body does not fit: `field` names the field at fault.", body = ErrorBody),
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 413, description = "The body is above 64 KiB.", body = ErrorBody),
        (status = 429, description = "`--max-games` games are in progress.", body = ErrorBody),
        (status = 503, description = "The game or the progress could not be saved.", body = ErrorBody),
    )
)]
pub(super) async fn next(
    State(app): State<Shared>,
    Body(request): Body<NextRequest>,
) -> Result<Response, ApiError> {
    blocking("the referee's task", move || {
        let _lock = held(PROGRESS.lock(), "poisoned")?;
        let dir = app.store.dir.clone();
        let (player, mut progress) = match request.player {
            Some(p) if valid_id(&p) => {
                let progress = load(&dir, &p)?;
                (p, progress)
            }
            Some(p) => return Err(ApiError::bad("player", format!("not a player id: {p:?}"))),
            None => (
                super::secret::token()?[..16].to_owned(),
                Solver::default(),
            ),
        };
        let left = abandon(&app, &mut progress)?;
        let pool: Vec<Puzzle> = all()
            .iter()
            .filter(|p| request.variant.is_none_or(|v| p.variant == v))
            .filter(|p| request.theme.is_none_or(|t| p.theme == t))
            .cloned()
            .collect();
        let (puzzle, again) = progress
            .next(&pool, request.theme.is_none())
            .map(|(p, again)| (p.clone(), again))
            .ok_or_else(|| match request.theme {
                Some(theme) => ApiError::not_found(
                    "theme",
                    format!("no puzzle of the theme {:?}", theme.slug()),
                ),
                None => ApiError::not_found("variant", "no puzzle of this variant".to_owned()),
            })?;
        let die = if puzzle.variant == Variant::Sade {
            Die::Entered
        } else {
            Die::Server
        };
        let mut live = new_game(&NewGame::recorded(puzzle.variant, &puzzle.fen, die)?)?;
        live.game
            .set_tag("Event", format!("{PUZZLE_EVENT}{}", puzzle.id));
        live.meta.kind = Kind::Puzzle(puzzle.id.clone());
        if let Some(face) = puzzle.face {
            live.roll(Holder::Arbiter, Some(face.get()))?;
        }
        let created = admit(&app, live)?;
        progress.last = Some(puzzle.id.clone());
        progress
            .pending
            .insert(created.id.clone(), puzzle.id.clone());
        save(&dir, &player, &progress)?;
        let answer = PuzzleNext {
            game: created,
            left,
            player: PuzzlePlayer::of(&player, &progress),
            puzzle: PuzzleShown {
                rating: progress.rating_of(&puzzle).rating.round(),
                id: puzzle.id,
                variant: puzzle.variant,
                question: puzzle.question,
                words: puzzle.question.words().to_owned(),
                face: puzzle.face,
                side: if puzzle.fen.split_whitespace().nth(1) == Some("b") {
                    Side::Black
                } else {
                    Side::White
                },
                en_passant: puzzle
                    .fen
                    .split_whitespace()
                    .nth(3)
                    .filter(|square| *square != "-")
                    .map(str::to_owned),
                again,
            },
        };
        Ok((StatusCode::CREATED, Json(sorted(&answer)?)).into_response())
    })
    .await
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct JudgeRequest {
    player: String,
    /// The game's arbiter token (from `next`).
    token: String,
}

#[utoipa::path(
    post,
    path = "/api/puzzles/{game}/judge",
    operation_id = "puzzles_judge",
    description = "The referee's judgement of the puzzle's turn as the game's record holds it; both ratings are updated, and the game takes no more changes (409).",
    params(("game" = String, Path, description = "The puzzle's game: 16 hex digits.")),
    request_body = JudgeRequest,
    responses(
        (status = 200, description = "Solved or failed, with the explanation.", body = PuzzleJudged),
        (status = 400, description = "The body does not fit: `field` names the field at fault.", body = ErrorBody),
        (status = 403, description = "The token is not the game's.", body = ErrorBody),
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 409, description = "The request does not fit the game's state (the turn is not complete yet, or the game is not of this kind).", body = ErrorBody),
        (status = 413, description = "The body is above 64 KiB.", body = ErrorBody),
        (status = 503, description = "The game or the progress could not be saved.", body = ErrorBody),
    )
)]
pub(super) async fn judge_attempt(
    State(app): State<Shared>,
    Path(game): Path<String>,
    Body(request): Body<JudgeRequest>,
) -> Result<Response, ApiError> {
    blocking("the referee's task", move || {
        if !valid_id(&request.player) {
            return Err(ApiError::bad(
                "player",
                format!("not a player id: {:?}", request.player),
            ));
        }
        let _lock = held(PROGRESS.lock(), "poisoned")?;
        let dir = app.store.dir.clone();
        let mut progress = load(&dir, &request.player)?;
        let puzzle_id = progress.pending.get(&game).cloned().ok_or_else(|| {
            ApiError::not_found(
                "game",
                format!("no puzzle of this player is played in game {game}"),
            )
        })?;
        let puzzle = all()
            .iter()
            .find(|p| p.id == puzzle_id)
            .ok_or_else(|| ApiError::not_found("game", format!("no puzzle {puzzle_id}")))?;
        let live = find_as(&app, "game", &game)?;
        let (record, aided) = {
            let live = held(live.lock(), GAME)?;
            if live.holder(&request.token) != Some(Holder::Arbiter) {
                return Err(ApiError::forbidden(
                    "the token is not this game's arbiter's".to_owned(),
                ));
            }
            (live.game.clone(), live.meta.aided)
        };
        let judgement = judge(puzzle, &record)
            .map_err(|e| ApiError::conflict("game", e.to_string()))?
            .ok_or_else(|| {
                ApiError::conflict(
                    "game",
                    "the turn is not complete yet: play it to the end".to_owned(),
                )
            })?;
        settle(&app, &live)?;
        let before = progress.player.rating;
        let again = progress.count(puzzle, judgement.solved, aided, super::clock::now());
        progress.pending.remove(&game);
        save(&dir, &request.player, &progress)?;
        let answer = PuzzleJudged {
            answer_drawn: answer_drawn(puzzle),
            judgement: PuzzleJudgement::of(judgement, aided),
            again,
            player: PuzzlePlayer::of(&request.player, &progress),
            change: (progress.player.rating - before).round(),
            puzzle: PuzzleRated {
                id: puzzle.id.clone(),
                rating: progress.rating_of(puzzle).rating.round(),
            },
        };
        Ok(Json(sorted(&answer)?).into_response())
    })
    .await
}

/// Closes a puzzle attempt's game once the attempt is counted: it takes no more changes
/// (`settled`), and the server keeps it so.
///
/// # Errors
/// 503 when the game cannot be saved (it is then left open).
fn settle(app: &Shared, game: &Mutex<Live>) -> Result<(), ApiError> {
    let mut live = held(game.lock(), GAME)?;
    if live.meta.settled {
        return Ok(());
    }
    live.meta.settled = true;
    let sdn = crate::write::sdn::to_sdn(&live.game);
    app.store.save_as(&live, &sdn, true).map_err(|e| {
        live.meta.settled = false;
        ApiError::unsaved(format!("the puzzle's game could not be saved: {e}"))
    })
}

/// An attempt left for the next puzzle and counted: whether it was solved, and its answer with
/// the sentence that says why it works (the page shows it, as after a judgement).
#[derive(Serialize, utoipa::ToSchema)]
pub struct PuzzleLeft {
    id: String,
    solved: bool,
    answer: String,
    explanation: String,
}

/// The attempts left for another puzzle (`next` asked while they were pending). One whose
/// turn is complete is judged as it stands; one begun but not complete (an action written in its
/// game) counts as failed, as a player who gives up on a puzzle has; one left untouched is
/// dropped, as a puzzle skipped. Help asked during it changes no rating, as at a judgement.
/// Each one's game is closed ([`settle`]).
///
/// # Errors
/// 503 when a game cannot be saved closed.
fn abandon(app: &Shared, progress: &mut Solver) -> Result<Vec<PuzzleLeft>, ApiError> {
    let pending = std::mem::take(&mut progress.pending);
    let mut counted = Vec::new();
    for (game, puzzle_id) in pending {
        let Some(puzzle) = all().iter().find(|p| p.id == puzzle_id) else {
            continue;
        };
        let Ok(live) = find_as(app, "game", &game) else {
            continue;
        };
        let (record, aided) = {
            let live = held(live.lock(), GAME)?;
            (live.game.clone(), live.meta.aided)
        };
        settle(app, &live)?;
        if !record.turns.iter().any(|t| t.actions().next().is_some()) {
            continue;
        }
        let solved = matches!(judge(puzzle, &record), Ok(Some(j)) if j.solved);
        progress.count(puzzle, solved, aided, super::clock::now());
        counted.push(PuzzleLeft {
            id: puzzle.id.clone(),
            solved: solved && !aided,
            answer: puzzle.answer.clone(),
            explanation: puzzle.explanation.clone(),
        });
    }
    Ok(counted)
}

/// The puzzle's answer played by the referee from its position: its actions' squares, numbered.
fn answer_drawn(puzzle: &Puzzle) -> Vec<DrawnAction> {
    let mut fields = puzzle.fen.split_whitespace();
    let black = fields.nth(1) == Some("b");
    let number = fields.nth(3).unwrap_or("1");
    let label = if black {
        format!("{number}...")
    } else {
        format!("{number}.")
    };
    let face = puzzle.face.map(|f| format!(" {f}:")).unwrap_or_default();
    let text = format!(
        "[Variant \"{}\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\n{label}{face} {} *\n",
        puzzle.variant.tag(),
        puzzle.fen,
        puzzle.answer
    );
    match crate::parse::parse_str(&text).into_iter().next() {
        Some(Ok(game)) => drawn_turn(&game, &crate::referee::verify(&game), 0),
        _ => Vec::new(),
    }
}
