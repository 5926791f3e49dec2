//! Review: a record uploaded in the page, or a file of the `--games` folder, shown as the
//! `report` page. A file name from a request is never joined to a path: it must be the name of
//! one of the files the folder lists.

use std::path::PathBuf;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use crate::record::Game;
use crate::render::{html, model};
use crate::serve::error::{ApiError, ErrorBody};
use crate::serve::http::{Shared, held};

/// The SDN and PGN files directly in the `--games` folder, by name.
fn files(dir: &std::path::Path) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(String, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_owned();
            let lower = name.to_ascii_lowercase();
            (lower.ends_with(".sdn") || lower.ends_with(".pgn")).then(|| (name, e.path()))
        })
        .collect();
    files.sort();
    files
}

/// `GET /api/library`: the files of `--games`.
#[utoipa::path(
    get,
    path = "/api/library",
    operation_id = "library",
    responses((status = 200, description = "The SDN and PGN files of `--games`, by name (none without `--games`).", body = Vec<String>, links(
        ("first" = (operation_id = "library_page", parameters(("name" = "$response.body#/0"))))
    )))
)]
pub async fn library(State(app): State<Shared>) -> Json<Vec<String>> {
    Json(match &app.review {
        Some(dir) => files(dir).into_iter().map(|(name, _)| name).collect(),
        None => Vec::new(),
    })
}

/// `GET /review/library/{name}`: the report page of one file of `--games`.
#[utoipa::path(
    get,
    path = "/review/library/{name}",
    operation_id = "library_page",
    params(("name" = String, Path, description = "A file name as `GET /api/library` lists it.")),
    responses(
        (status = 200, description = "The `report` page of the file.", content((String = "text/html"))),
        (status = 400, description = "No game of the file can be read or shown.", body = ErrorBody),
        (status = 404, description = "No folder of games, or no such file in it.", body = ErrorBody),
    )
)]
pub async fn library_page(
    State(app): State<Shared>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let dir = app.review.as_ref().ok_or_else(|| {
        ApiError::not_found(
            "name",
            "no folder of games: start the server with --games DIR".to_owned(),
        )
    })?;
    let (_, path) = files(dir)
        .into_iter()
        .find(|(n, _)| *n == name)
        .ok_or_else(|| ApiError::not_found("name", format!("no file {name:?} in --games")))?;
    // The file must still be inside the folder once links are followed.
    let real = path
        .canonicalize()
        .map_err(|e| ApiError::not_found("name", e.to_string()))?;
    if !real.starts_with(dir) {
        return Err(ApiError::not_found(
            "name",
            format!("{name:?} leads outside --games"),
        ));
    }
    let bytes = std::fs::read(&real).map_err(|e| ApiError::not_found("name", e.to_string()))?;
    let text = String::from_utf8_lossy(&bytes);
    report_of(&read_games(&text)?, &name)
}

/// Uploads kept for review, at most this many (the oldest goes first).
const UPLOADS: usize = 32;

/// `POST /api/review`: an uploaded SDN or PGN text, kept in memory; the answer names the page
/// that shows it (`/review/upload/{id}`), which the page opens in a frame of its own origin,
/// under the report's own policy.
#[utoipa::path(
    post,
    path = "/api/review",
    operation_id = "review",
    request_body(content = String, content_type = "text/plain", description = "An SDN or PGN file's text."),
    responses(
        (status = 201, description = "The upload is kept; `url` shows it.", body = Uploaded, links(
            ("page" = (operation_id = "upload_page", parameters(("id" = "$response.body#/id"))))
        )),
        (status = 400, description = "The file is not UTF-8 text, or no game of it can be read.", body = ErrorBody),
        (status = 413, description = "The body is above 4 MiB.", body = ErrorBody),
    )
)]
pub async fn upload(State(app): State<Shared>, bytes: Bytes) -> Result<Response, ApiError> {
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| ApiError::bad("body", "the file is not UTF-8 text".to_owned()))?;
    let games = read_games(text)?;
    let id = crate::serve::secret::token()?[..16].to_owned();
    let mut uploads = held(app.uploads.lock(), "the uploads are poisoned")?;
    if uploads.len() >= UPLOADS {
        uploads.remove(0);
    }
    uploads.push((id.clone(), games));
    let answer = Uploaded {
        url: format!("/review/upload/{id}"),
        id,
    };
    Ok((axum::http::StatusCode::CREATED, Json(answer)).into_response())
}

/// `POST /api/review`: the upload's id and the page that shows it.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Uploaded {
    pub id: String,
    pub url: String,
}

/// `GET /review/upload/{id}`: the report page of an upload.
#[utoipa::path(
    get,
    path = "/review/upload/{id}",
    operation_id = "upload_page",
    params(("id" = String, Path, description = "An upload's id, as `POST /api/review` answers.")),
    responses(
        (status = 200, description = "The `report` page of the upload.", content((String = "text/html"))),
        (status = 400, description = "No game of the upload can be shown.", body = ErrorBody),
        (status = 404, description = "No such upload.", body = ErrorBody),
    )
)]
pub async fn upload_page(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let games = held(app.uploads.lock(), "the uploads are poisoned")?
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, g)| g.clone())
        .ok_or_else(|| ApiError::not_found("id", format!("no upload {id:?}")))?;
    report_of(&games, "uploaded record")
}

fn read_games(text: &str) -> Result<Vec<Game>, ApiError> {
    let games: Vec<Game> = crate::parse::parse_str(text)
        .into_iter()
        .filter_map(Result::ok)
        .take(500)
        .collect();
    if games.is_empty() {
        return Err(ApiError::bad(
            "body",
            "no game could be read in the file".to_owned(),
        ));
    }
    Ok(games)
}

/// The `report` page of `games`, with a Content-Security-Policy that allows its own inline
/// scripts (by their SHA-256) and nothing else.
pub fn report_of(games: &[Game], title: &str) -> Result<Response, ApiError> {
    let views: Vec<model::GameView> = games
        .iter()
        .filter_map(|g| model::game_view(g).ok())
        .collect();
    if views.is_empty() {
        return Err(ApiError::bad(
            "body",
            "no game of the file can be shown".to_owned(),
        ));
    }
    let page = html::page(&views, &[], title);
    let policy = format!(
        "default-src 'none'; script-src {}; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
        script_hashes(&page).join(" ")
    );
    let mut response = page.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&policy) {
        headers.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    Ok(response)
}

/// `'sha256-…'` of every inline `<script>` without attributes (the JSON data scripts carry a
/// type and are not run).
fn script_hashes(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = page;
    while let Some(at) = rest.find("<script>") {
        let body = &rest[at + "<script>".len()..];
        let Some(end) = body.find("</script>") else {
            break;
        };
        out.push(format!(
            "'sha256-{}'",
            base64(&Sha256::digest(&body.as_bytes()[..end]))
        ));
        rest = &body[end..];
    }
    out
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_the_standard_one() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn only_scripts_without_attributes_are_hashed() {
        let page = "<script type=\"application/json\">{}</script><script>a()</script>";
        assert_eq!(script_hashes(page).len(), 1);
    }
}
