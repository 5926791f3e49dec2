//! The OpenAPI document of the API (spec/openapi.json), generated from the handlers' types by
//! utoipa. The library's record, verdict and options types have JSON schemas of their own
//! (spec/*.schema.json, JSON Schema 2020-12, as OpenAPI 3.1's schemas are): they are read from
//! those files at build time and put among the document's components, each `$defs` entry a
//! component of its own (`sdn.game`, `verdict.error`, …), so that there is one source of truth
//! and every `$ref` resolves inside the document.
//!
//! To document a new route: put `#[utoipa::path(...)]` on its handler and name the handler in
//! [`ApiDoc`]'s `paths(...)`; the test `serve::openapi` fails until every route of the router
//! is documented and spec/openapi.json is regenerated (`sade-ref serve --openapi >
//! spec/openapi.json`).

use serde_json::{Map, Value, json};
use utoipa::OpenApi;

use super::accounts;
use super::course;
use super::games::{analysis, changes, export, review, routes as games};
use super::lobby;
use super::page;
use super::puzzles;
use super::ratings;

/// The JSON schemas of the library, as published in spec/.
const SDN: &str = include_str!("../../spec/sdn.schema.json");
const VERDICT: &str = include_str!("../../spec/verdict.schema.json");
const OPTIONS: &str = include_str!("../../spec/options.schema.json");
const ANALYSIS: &str = include_str!("../../spec/analysis.schema.json");

/// The keys of a `verify --format json` line that a game's own verdict (the `verdict` of a
/// game's state) does not have: they name the file and the game in it.
const REPORT_ONLY: [&str; 6] = [
    "version",
    "file",
    "game",
    "white",
    "black",
    "dispute_reason",
];

#[derive(OpenApi)]
#[openapi(
    info(
        title = "sade-ref serve",
        description = "The JSON API of `sade-ref serve` (spec/SERVE.md): play, record and review \
                       Marquis de Sade, Marseillais and standard chess games, with the referee \
                       at every action.",
        license(name = "GPL-3.0-or-later", identifier = "GPL-3.0-or-later"),
    ),
    paths(
        page::index,
        page::script,
        page::style,
        page::board_file,
        games::levels,
        games::list,
        games::create,
        games::state,
        games::game_options,
        games::game_next,
        games::game_moves,
        games::game_events,
        games::seat,
        analysis::start,
        analysis::analysis,
        changes::roll,
        changes::act,
        changes::bot,
        changes::take_back,
        changes::end,
        changes::tags,
        changes::offer,
        changes::answer,
        changes::abort,
        changes::claim,
        export::export,
        export::player_games,
        review::library,
        review::upload,
        review::library_page,
        review::upload_page,
        puzzles::routes::next,
        puzzles::routes::themes,
        puzzles::routes::judge_attempt,
        course::routes::list,
        course::routes::start,
        course::routes::judge,
        course::routes::help,
        accounts::routes::signup,
        accounts::routes::login,
        accounts::routes::logout,
        accounts::routes::session,
        accounts::routes::guest,
        lobby::routes::lobby,
        lobby::routes::lobby_events,
        lobby::routes::make_seek,
        lobby::routes::seek_state,
        lobby::routes::withdraw,
        lobby::routes::accept,
        ratings::routes::leaderboard,
        ratings::routes::player,
        ratings::routes::history,
    ),
    components(schemas(super::error::ErrorBody))
)]
pub struct ApiDoc;

/// Why the OpenAPI document cannot be made (a fault of the build, caught by the tests).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpenApiError {
    /// The document cannot be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// utoipa's document has no `components`.
    #[error("the document has no components")]
    NoComponents,
    /// A schema of spec/ (`spec/{name}.schema.json`) is not JSON.
    #[error("spec/{name}.schema.json: {source}")]
    Schema {
        name: String,
        #[source]
        source: serde_json::Error,
    },
}

/// The document, as committed in spec/openapi.json: pretty JSON and a final newline.
///
/// # Errors
/// [`OpenApiError`] when a schema of spec/ is not JSON (a fault of the build, caught by the
/// tests).
pub fn json() -> Result<String, OpenApiError> {
    let document = document()?;
    let mut text = serde_json::to_string_pretty(&document)?;
    text.push('\n');
    Ok(text)
}

/// The document: utoipa's, with the library's schemas among its components.
///
/// # Errors
/// [`OpenApiError`] when a schema of spec/ is not JSON.
pub fn document() -> Result<Value, OpenApiError> {
    let mut document = serde_json::to_value(ApiDoc::openapi())?;
    if let Some(Value::Object(paths)) = document.get_mut("paths") {
        paths.values_mut().for_each(link_keys);
    }
    let schemas = document
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
        .ok_or(OpenApiError::NoComponents)?;
    let sdn = parse("sdn", SDN)?;
    let verdict = parse("verdict", VERDICT)?;
    let options = parse("options", OPTIONS)?;
    let analysis = parse("analysis", ANALYSIS)?;
    let mut game_verdict = verdict.clone();
    if let Some(o) = game_verdict.as_object_mut() {
        if let Some(Value::Object(properties)) = o.get_mut("properties") {
            for key in REPORT_ONLY {
                properties.remove(key);
            }
            // The line's `dispute` is a flag and `dispute_reason` its reason; the verdict
            // itself keeps the reason, or null, as `dispute`.
            properties.insert(
                "dispute".to_owned(),
                json!({
                    "description": "Why the record's own result is disputed (the line's \
                                    `dispute_reason`), or null.",
                    "type": ["string", "null"]
                }),
            );
        }
        if let Some(Value::Array(required)) = o.get_mut("required") {
            required.retain(|k| !k.as_str().is_some_and(|k| REPORT_ONLY.contains(&k)));
        }
        o.insert(
            "description".to_owned(),
            json!(
                "The referee's verdict on a game in progress: a line of `verify --format json` \
                   (spec/verdict.schema.json) without the keys that name the file and the game."
            ),
        );
    }
    add(schemas, "sdn", "SdnRecords", sdn);
    add(schemas, "verdict", "VerifyLine", verdict);
    add(schemas, "verdict", "Verdict", game_verdict);
    add(schemas, "options", "OptionsAnswer", options);
    add(schemas, "analysis", "Analysis", analysis);
    schemas.insert(
        "Side".to_owned(),
        json!({"description": "A colour.", "type": "string", "enum": ["white", "black"]}),
    );
    schemas.insert(
        "Status".to_owned(),
        json!({
            "description": "Whether the record is a legal game and whether it is over.",
            "type": "string",
            "enum": ["finished", "unfinished", "invalid"]
        }),
    );
    Ok(document)
}

/// utoipa 5 writes a link's `operationId` and `requestBody` as `operation_id` and
/// `request_body`; OpenAPI's names are camel case.
fn link_keys(value: &mut Value) {
    match value {
        Value::Object(o) => {
            if let Some(Value::Object(links)) = o.get_mut("links") {
                for link in links.values_mut().filter_map(Value::as_object_mut) {
                    for (from, to) in [
                        ("operation_id", "operationId"),
                        ("request_body", "requestBody"),
                    ] {
                        if let Some(v) = link.remove(from) {
                            link.insert(to.to_owned(), v);
                        }
                    }
                }
            }
            o.values_mut().for_each(link_keys);
        }
        Value::Array(items) => items.iter_mut().for_each(link_keys),
        _ => {}
    }
}

fn parse(name: &str, text: &str) -> Result<Value, OpenApiError> {
    serde_json::from_str(text).map_err(|source| OpenApiError::Schema {
        name: name.to_owned(),
        source,
    })
}

/// Puts `schema` among the components as `name`, and each of its `$defs` as `prefix.def`, with
/// every `#/$defs/def` reference rewritten to point there.
fn add(schemas: &mut Map<String, Value>, prefix: &str, name: &str, mut schema: Value) {
    if let Some(o) = schema.as_object_mut() {
        o.remove("$schema");
        o.remove("$id");
        if let Some(Value::Object(defs)) = o.remove("$defs") {
            for (def, mut value) in defs {
                rewrite(&mut value, prefix);
                schemas.insert(format!("{prefix}.{def}"), value);
            }
        }
    }
    rewrite(&mut schema, prefix);
    schemas.insert(name.to_owned(), schema);
}

fn rewrite(value: &mut Value, prefix: &str) {
    match value {
        Value::Object(o) => {
            for (key, v) in o.iter_mut() {
                if key == "$ref"
                    && let Value::String(target) = v
                    && let Some(def) = target.strip_prefix("#/$defs/")
                {
                    *target = format!("#/components/schemas/{prefix}.{def}");
                } else {
                    rewrite(v, prefix);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| rewrite(v, prefix)),
        _ => {}
    }
}
