//! The ratings' routes: `GET /api/leaderboard/{game}` (the settled ratings, highest first),
//! `GET /api/players/{name}` (a player's rating in each game) and
//! `GET /api/players/{name}/ratings/{game}` (a rating's history, for a chart). Names are
//! looked up without case; the answers show the name as the account has it.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};

use super::answers::{
    HISTORY_MOST, HistoryPoint, LEADERBOARD_DEFAULT, LEADERBOARD_MOST, LeaderboardEntry,
    LeaderboardQuery, PlayerAnswer, PlayerRating,
};
use crate::serve::error::{ApiError, ErrorBody};
use crate::serve::glicko::Rated;
use crate::serve::http::{Shared, blocking};
use crate::serve::store::{Account, StoreError};

/// What a store's refusal is answered with: 503 (`storage`) from a store that keeps no
/// ratings, else 503 with `what` and the store's reason.
fn unread(error: StoreError, what: &str) -> ApiError {
    match error {
        StoreError::NoAccounts => ApiError::not_kept_here(StoreError::NoAccounts.to_string()),
        other => ApiError::unsaved(format!("{what}: {other}")),
    }
}

/// The game rated of a path's word, or 404 (`game`).
fn rated(word: &str) -> Result<Rated, ApiError> {
    Rated::of_word(word).ok_or_else(|| {
        ApiError::not_found(
            "game",
            format!("no rating of {word:?}: sade, marseillais or standard"),
        )
    })
}

/// The account of `name` (any case), or 404 (`name`).
fn account(app: &Shared, name: &str) -> Result<Account, ApiError> {
    app.store
        .account(name)
        .map_err(|e| unread(e, "the account cannot be read"))?
        .ok_or_else(|| ApiError::not_found("name", format!("no account is named {name}")))
}

#[utoipa::path(
    get,
    tag = "super::ratings",
    path = "/api/leaderboard/{game}",
    operation_id = "leaderboard",
    description = "The highest ratings in a game, highest first (equal ratings by name), provisional ratings (a deviation of 110 or more) left out.",
    params(
        ("game" = Rated, Path, description = "The game rated: `sade`, `marseillais` or `standard`."),
        LeaderboardQuery,
    ),
    responses(
        (status = 200, description = "The leaderboard.", body = Vec<LeaderboardEntry>),
        (status = 400, description = "`limit` is not a number, or above 200 (`limit`).", body = ErrorBody),
        (status = 404, description = "No such game rated (`game`).", body = ErrorBody),
        (status = 503, description = "The store keeps no ratings (`storage`), or cannot be read.", body = ErrorBody),
    )
)]
pub(crate) async fn leaderboard(
    State(app): State<Shared>,
    Path(game): Path<String>,
    query: Result<Query<LeaderboardQuery>, QueryRejection>,
) -> Result<Json<Vec<LeaderboardEntry>>, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad("limit", e.body_text()))?;
    let rated = rated(&game)?;
    let limit = query.limit.unwrap_or(LEADERBOARD_DEFAULT);
    if limit > LEADERBOARD_MOST {
        return Err(ApiError::bad(
            "limit",
            format!("a leaderboard holds {LEADERBOARD_MOST} players at most"),
        ));
    }
    let standings = blocking("the leaderboard's task", move || {
        app.store
            .leaderboard(rated, limit)
            .map_err(|e| unread(e, "the leaderboard cannot be read"))
    })
    .await?;
    Ok(Json(standings.into_iter().map(Into::into).collect()))
}

#[utoipa::path(
    get,
    tag = "super::ratings",
    path = "/api/players/{name}",
    operation_id = "player",
    description = "A player's rating in each game rated; a game never played rated is shown at 1500, provisional, with 0 games.",
    params(("name" = String, Path, description = "The account's name, in any case.")),
    responses(
        (status = 200, description = "The player and the ratings.", body = PlayerAnswer),
        (status = 404, description = "No account of that name (`name`).", body = ErrorBody),
        (status = 503, description = "The store keeps no accounts (`storage`), or cannot be read.", body = ErrorBody),
    )
)]
pub(crate) async fn player(
    State(app): State<Shared>,
    Path(name): Path<String>,
) -> Result<Json<PlayerAnswer>, ApiError> {
    blocking("the player's task", move || {
        let account = account(&app, &name)?;
        let kept = app
            .store
            .ratings_of(&account.name)
            .map_err(|e| unread(e, "the ratings cannot be read"))?;
        let ratings = Rated::ALL
            .into_iter()
            .map(|game| {
                let rating = kept
                    .iter()
                    .find(|(r, _)| *r == game)
                    .map(|&(_, rating)| rating)
                    .unwrap_or_default();
                PlayerRating::of(game, rating)
            })
            .collect();
        Ok(Json(PlayerAnswer {
            name: account.name,
            ratings,
        }))
    })
    .await
}

#[utoipa::path(
    get,
    tag = "super::ratings",
    path = "/api/players/{name}/ratings/{game}",
    operation_id = "player_rating_history",
    description = "A player's rating after each game rated in a game, oldest first: the last 500 at most (none: an empty list).",
    params(
        ("name" = String, Path, description = "The account's name, in any case."),
        ("game" = Rated, Path, description = "The game rated: `sade`, `marseillais` or `standard`."),
    ),
    responses(
        (status = 200, description = "The rating after each game, oldest first.", body = Vec<HistoryPoint>),
        (status = 404, description = "No account of that name (`name`), or no such game rated (`game`).", body = ErrorBody),
        (status = 503, description = "The store keeps no accounts (`storage`), or cannot be read.", body = ErrorBody),
    )
)]
pub(crate) async fn history(
    State(app): State<Shared>,
    Path((name, game)): Path<(String, String)>,
) -> Result<Json<Vec<HistoryPoint>>, ApiError> {
    let rated = rated(&game)?;
    blocking("the rating's history task", move || {
        let account = account(&app, &name)?;
        let points = app
            .store
            .rating_history(&account.name, rated, HISTORY_MOST)
            .map_err(|e| unread(e, "the rating's history cannot be read"))?;
        Ok(Json(points.into_iter().map(Into::into).collect()))
    })
    .await
}
