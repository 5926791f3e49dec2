//! `GET /api/games/{id}/export/{format}`: a game as canonical SDN, PGN, the JSON record, the
//! verdict line of `verify --format json`, or the `report` page.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use super::review;
use crate::serve::error::{ApiError, ErrorBody};
use crate::serve::http::{GAME, Shared, find, held};
use crate::serve::schema::ExportJson;

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
