//! The Puzzles mode's routes: `POST /api/puzzles/next` gives a player the puzzle nearest their
//! rating as an ordinary game of the server (record mode, the puzzle's face entered by the
//! server), `POST /api/puzzles/{game}/judge` has the referee judge the turn the game's record
//! holds ([`crate::puzzles::judge`]) and updates both Glicko-2 ratings, and
//! `GET /api/puzzles/themes` lists the themes.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::puzzles::rating::Solver;
use crate::puzzles::{Puzzle, judge};
use crate::record::{Side, Variant};
use crate::serve::error::{ApiError, BodyErrors, ErrorBody};
use crate::serve::http::{Body, GAME, Shared, admit, blocking, find_as, held, sorted};
use crate::serve::input::Die;
use crate::serve::kind::{Kind, PUZZLE_EVENT};
use crate::serve::live::Holder;
use crate::serve::new_game::{NewGame, new_game};
use crate::serve::store::valid_id;

use super::answers::*;
use super::solvers::{PROGRESS, abandon, all, answer_drawn, load, save, settle};

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(crate) struct NextRequest {
    /// The player's id from an earlier answer; none: a new player.
    #[serde(default)]
    player: Option<String>,
    /// Only puzzles of this variant (`sade`, `marseillais`).
    #[serde(default, deserialize_with = "puzzle_variant")]
    #[schema(schema_with = crate::serve::schema::puzzle_variant)]
    variant: Option<Variant>,
    /// Only puzzles of this theme (`sacrifice-accomplished`, `en-passant`: `GET
    /// /api/puzzles/themes` lists those that have puzzles);
    /// none: mixed.
    #[serde(default)]
    #[schema(schema_with = crate::serve::schema::puzzle_theme)]
    theme: Option<crate::puzzles::Theme>,
}

#[utoipa::path(
    get,
    tag = "super::puzzles",
    path = "/api/puzzles/themes",
    operation_id = "puzzles_themes",
    description = "The themes of the puzzles, game by game, with how many puzzles each has.",
    responses((status = 200, description = "The themes.", body = Vec<Theme>))
)]
pub(crate) async fn themes() -> Json<Vec<Theme>> {
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
    tag = "super::puzzles",
    path = "/api/puzzles/next",
    operation_id = "puzzles_next",
    description = "The next puzzle near the player's rating (a new player without `player`), in a game of its own with its face rolled (spec/PUZZLES.md). An attempt left unjudged for it is judged as it stands when its turn is complete, counts as failed when begun but not complete, and is dropped when nothing was written in its game.",
    request_body = NextRequest,
    responses(
        (status = 201, description = "The puzzle and its game.", body = PuzzleNext),
        BodyErrors,
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 429, description = "`--max-games` games are in progress.", body = ErrorBody),
        (status = 503, description = "The game or the progress could not be saved.", body = ErrorBody),
    )
)]
pub(crate) async fn next(
    State(app): State<Shared>,
    Body(request): Body<NextRequest>,
) -> Result<Response, ApiError> {
    blocking("the referee's task", move || {
        let _lock = held(PROGRESS.lock(), "poisoned")?;
        let (player, mut progress) = match request.player {
            Some(p) if valid_id(&p) => {
                let progress = load(&app, &p)?;
                (p, progress)
            }
            Some(p) => return Err(ApiError::bad("player", format!("not a player id: {p:?}"))),
            None => (
                crate::serve::secret::token()?[..16].to_owned(),
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
        save(&app, &player, &progress)?;
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
pub(crate) struct JudgeRequest {
    player: String,
    /// The game's arbiter token (from `next`).
    token: String,
}

#[utoipa::path(
    post,
    tag = "super::puzzles",
    path = "/api/puzzles/{game}/judge",
    operation_id = "puzzles_judge",
    description = "The referee's judgement of the puzzle's turn as the game's record holds it; both ratings are updated, and the game takes no more changes (409).",
    params(("game" = String, Path, description = "The puzzle's game: 16 hex digits.")),
    request_body = JudgeRequest,
    responses(
        (status = 200, description = "Solved or failed, with the explanation.", body = PuzzleJudged),
        BodyErrors,
        (status = 403, description = "The token is not the game's.", body = ErrorBody),
        (status = 404, description = "No such puzzle, lesson, player or game.", body = ErrorBody),
        (status = 409, description = "The request does not fit the game's state (the turn is not complete yet, or the game is not of this kind).", body = ErrorBody),
        (status = 503, description = "The game or the progress could not be saved.", body = ErrorBody),
    )
)]
pub(crate) async fn judge_attempt(
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
        let mut progress = load(&app, &request.player)?;
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
        let again = progress.count(puzzle, judgement.solved, aided, crate::serve::clock::now());
        progress.pending.remove(&game);
        save(&app, &request.player, &progress)?;
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
