//! The OpenAPI schemas of the Puzzles and Course answers (src/serve/puzzles.rs,
//! src/serve/course.rs), put among the document's components by [`super::openapi::document`].

use serde_json::{Value, json};
use utoipa::openapi::Object;

/// The answers of the Puzzles and Course routes (src/serve/puzzles.rs, src/serve/course.rs):
/// their JSON is built from the library's puzzle and lesson types, which have no utoipa
/// derive; [`super::openapi::document`] puts [`mode_schemas`]' schema of each in its place.
macro_rules! named_schema {
    ($($name:ident),*) => {$(
        pub struct $name;

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                Object::new().into()
            }
        }

        impl utoipa::ToSchema for $name {}
    )*};
}

named_schema!(
    PuzzleNext,
    PuzzleJudged,
    CourseList,
    CourseStarted,
    CourseJudged
);

/// The schemas of the Puzzles and Course answers, by name.
pub(super) fn mode_schemas() -> [(&'static str, Value); 7] {
    let ref_to = |name: &str| json!({ "$ref": format!("#/components/schemas/{name}") });
    let nullable = |kind: &str| json!({ "type": [kind, "null"] });
    let created = |extra_name: &str, extra: Value| {
        json!({
            "type": "object",
            "required": ["id", "arbiter", "white", "black", "links", "state", extra_name],
            "properties": {
                "id": { "type": "string" },
                "arbiter": { "type": "string" },
                "white": { "type": "string" },
                "black": { "type": "string" },
                "links": ref_to("SeatLinks"),
                "state": ref_to("GameState"),
                extra_name: extra,
            }
        })
    };
    [
        (
            "PuzzlePlayer",
            json!({
                "description": "A puzzle player's Glicko-2 rating and progress.",
                "type": "object",
                "required": ["id", "rating", "deviation", "attempts", "solved"],
                "properties": {
                    "id": { "type": "string", "description": "The player's id: 16 hex digits." },
                    "rating": { "type": "number" },
                    "deviation": { "type": "number" },
                    "attempts": { "type": "integer", "minimum": 0 },
                    "solved": { "type": "integer", "minimum": 0 }
                }
            }),
        ),
        ("PuzzleNext", {
            let mut next = created(
                "puzzle",
                json!({
                    "type": "object",
                    "required": ["id", "variant", "question", "words", "face", "rating"],
                    "properties": {
                        "id": { "type": "string" },
                        "variant": { "enum": ["sade", "marseillais"] },
                        "question": { "enum": ["win-now", "survive", "mate-in-one-turn"] },
                        "words": { "type": "string" },
                        "face": { "type": ["integer", "null"], "minimum": 1, "maximum": 6 },
                        "rating": { "type": "number" }
                    }
                }),
            );
            next["description"] = json!(
                "The next puzzle near the player's rating, and the game it is played in (as \
                 `POST /api/games` answers), its face already rolled (spec/PUZZLES.md)."
            );
            if let Some(required) = next["required"].as_array_mut() {
                required.push(json!("player"));
            }
            next["properties"]["player"] = ref_to("PuzzlePlayer");
            next
        }),
        (
            "PuzzleJudged",
            json!({
                "description": "The referee's judgement of the puzzle's turn, and the ratings after it.",
                "type": "object",
                "required": ["judgement", "player", "change", "puzzle"],
                "properties": {
                    "judgement": {
                        "type": "object",
                        "required": ["solved", "played", "verdict", "answer", "article", "explanation"],
                        "properties": {
                            "solved": { "type": "boolean" },
                            "played": { "type": "string" },
                            "verdict": { "type": "string" },
                            "answer": { "type": "string" },
                            "article": { "type": "string" },
                            "explanation": { "type": "string" }
                        }
                    },
                    "player": ref_to("PuzzlePlayer"),
                    "change": { "type": "number" },
                    "puzzle": {
                        "type": "object",
                        "required": ["id", "rating"],
                        "properties": { "id": { "type": "string" }, "rating": { "type": "number" } }
                    }
                }
            }),
        ),
        (
            "Lesson",
            json!({
                "description": "A lesson of the course (spec/COURSE.md).",
                "type": "object",
                "required": ["id", "article", "title", "prompt", "task", "series"],
                "properties": {
                    "id": { "type": "string" },
                    "variant": { "type": "string" },
                    "article": { "type": "string" },
                    "title": { "type": "string" },
                    "face": { "type": ["integer", "null"], "minimum": 1, "maximum": 6 },
                    "prompt": { "type": "string" },
                    "task": { "enum": ["play", "why"] },
                    "series": { "type": "array", "items": { "type": "string" } },
                    "completed": { "type": "boolean" }
                }
            }),
        ),
        (
            "CourseList",
            json!({
                "description": "The lessons in order, each marked completed or not.",
                "type": "object",
                "required": ["lessons", "completed"],
                "properties": {
                    "lessons": { "type": "array", "items": ref_to("Lesson") },
                    "completed": { "type": "integer", "minimum": 0 }
                }
            }),
        ),
        ("CourseStarted", {
            let mut started = created("lesson", ref_to("Lesson"));
            started["description"] =
                json!("A new game of the lesson (as `POST /api/games` answers), with its prompt.");
            started
        }),
        (
            "CourseJudged",
            json!({
                "description": "The judgement of the lesson's turn as the game's record holds it.",
                "type": "object",
                "required": ["lesson", "article", "judgement", "explanation", "completed"],
                "properties": {
                    "lesson": { "type": "string" },
                    "article": { "type": "string" },
                    "judgement": {
                        "type": "object",
                        "required": ["outcome", "article", "message", "action", "solution"],
                        "properties": {
                            "outcome": { "enum": ["completed", "failed", "incomplete"] },
                            "article": nullable("string"),
                            "message": { "type": "string" },
                            "action": { "type": ["integer", "null"], "minimum": 0 },
                            "solution": {
                                "type": ["array", "null"],
                                "items": { "type": "string" }
                            }
                        }
                    },
                    "explanation": nullable("string"),
                    "completed": { "type": "array", "items": { "type": "string" } }
                }
            }),
        ),
    ]
}
