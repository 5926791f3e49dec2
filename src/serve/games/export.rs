//! `GET /api/games/{id}/export/{format}`: a game as canonical SDN, PGN, the JSON record, the
//! verdict line of `verify --format json`, or the `report` page; and every game of a player as
//! one SDN file.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::review;
use crate::serve::accounts::CurrentPlayer;
use crate::serve::error::{ApiError, ErrorBody};
use crate::serve::http::{GAME, Shared, blocking, find, held};
use crate::serve::schema::ExportJson;
use crate::serve::store::ListFilter;

#[utoipa::path(
    get,
    path = "/api/games/{id}/export/{format}",
    operation_id = "export",
    tag = "export",
    description = "The game as canonical SDN, PGN (standard games), the JSON record, the verdict line of `verify --format json`, or the `report` page.",
    params(("id" = String, Path, description = "The game's id: 16 hex digits."), ("format" = String, Path, description = "`sdn`, `pgn`, `record`, `verdict` or `report`.")),
    responses(
        (status = 200, description = "The export.", content(
            (String = "text/plain"),
            (String = "application/x-chess-pgn"),
            (ExportJson = "application/json"),
            (String = "text/html"),
        )),
        (status = 400, description = "The game cannot be shown as a report.", body = ErrorBody),
        (status = 404, description = "No such game or export.", body = ErrorBody),
        (status = 409, description = "PGN of a game that is not standard chess.", body = ErrorBody),
    )
)]
pub async fn export(
    State(app): State<Shared>,
    Path((id, format)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let game = find(&app, &id)?;
    let live = held(game.lock(), GAME)?.clone();
    let (body, kind, ext) = match format.as_str() {
        "sdn" => (
            crate::write::sdn::to_sdn(&live.game),
            "text/plain; charset=utf-8",
            "sdn",
        ),
        "pgn" if live.game.variant() == Ok(crate::record::Variant::Standard) => (
            crate::serve::view::pgn(&live.game),
            "application/x-chess-pgn",
            "pgn",
        ),
        "pgn" => {
            return Err(ApiError::conflict(
                "format",
                "PGN is for standard chess; this game's record is SDN".to_owned(),
            ));
        }
        "record" => (
            crate::write::json::to_json_value(&live.game),
            "application/json",
            "json",
        ),
        "verdict" => {
            let name = format!("{id}.sdn");
            let sdn = crate::write::sdn::to_sdn(&live.game);
            let report = crate::verdict_line::VerdictLine::of_verdict(
                &name,
                1,
                sdn.as_bytes(),
                &live.game,
                &live.verdict,
            );
            (
                serde_json::to_string(&report).map_err(|e| ApiError::internal(e.to_string()))?,
                "application/json",
                "verdict.json",
            )
        }
        "report" => {
            return review::report_of(std::slice::from_ref(&live.game), &format!("game {id}"));
        }
        other => {
            return Err(ApiError::not_found(
                "format",
                format!("no export {other:?}: sdn, pgn, record, verdict or report"),
            ));
        }
    };
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{id}.{ext}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

/// The most games `GET /api/players/{name}/games.sdn` writes.
const PLAYER_GAMES: usize = 10_000;

#[utoipa::path(
    get,
    path = "/api/players/{name}/games.sdn",
    operation_id = "player_games",
    tag = "export",
    description = "Every game whose seat the player holds (made in the lobby), oldest first, as one SDN file (at most 10,000): those listed to everyone, and their private ones when the player asks.",
    params(("name" = String, Path, description = "The player's name (any case).")),
    responses(
        (status = 200, description = "The games, one SDN file.", content_type = "text/plain", body = String),
        (status = 503, description = "The games cannot be read.", body = ErrorBody),
    )
)]
pub async fn player_games(
    State(app): State<Shared>,
    Path(name): Path<String>,
    CurrentPlayer(viewer): CurrentPlayer,
) -> Result<Response, ApiError> {
    let file = format!("{name}.sdn").replace(
        |c: char| !c.is_ascii_alphanumeric() && c != '.' && c != '-' && c != '_',
        "_",
    );
    let text = blocking("the export's task", move || {
        let unread = |e| ApiError::unsaved(format!("the games cannot be read: {e}"));
        let mut ids = Vec::new();
        while ids.len() < PLAYER_GAMES {
            let filter = ListFilter {
                owner: Some(name.clone()),
                viewer: viewer.as_ref().map(|p| p.name.clone()),
                offset: ids.len(),
                limit: 1000.min(PLAYER_GAMES - ids.len()),
                ..ListFilter::default()
            };
            let page = app.store.list(&filter).map_err(unread)?;
            let last = page.len() < filter.limit;
            ids.extend(page.into_iter().map(|s| s.id));
            if last {
                break;
            }
        }
        let mut text = String::new();
        for id in ids.iter().rev() {
            if let Some(live) = app.store.load_game(id).map_err(unread)? {
                text.push_str(&crate::write::sdn::to_sdn(&live.game));
                text.push('\n');
            }
        }
        Ok(text)
    })
    .await?;
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{file}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
