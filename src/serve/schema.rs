//! The schemas the handlers' types name (`#[schema(schema_with = …)]`, `body = …`) for what
//! their derives cannot say: a reference to a schema of spec/, a word among a few, a square.
//! [`super::openapi::document`] puts the schemas of spec/ among the document's components.

use serde_json::Value;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{Object, Ref};

use super::seat::Seat;

/// A reference to a component added from spec/ (for `#[schema(schema_with = …)]`).
pub fn record() -> Ref {
    Ref::from_schema_name("sdn.game")
}

/// The analysis of a game (spec/analysis.schema.json).
pub fn analysis() -> Ref {
    Ref::from_schema_name("Analysis")
}

pub fn verdict() -> Ref {
    Ref::from_schema_name("Verdict")
}

pub fn side() -> Ref {
    Ref::from_schema_name("Side")
}

pub fn status() -> Ref {
    Ref::from_schema_name("Status")
}

/// A side, or null.
pub fn side_or_null() -> Schema {
    Schema::OneOf(
        OneOfBuilder::new()
            .item(Ref::from_schema_name("Side"))
            .item(ObjectBuilder::new().schema_type(Type::Null))
            .build(),
    )
}

fn words(words: &[&str]) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(words.iter().copied()))
        .build()
}

/// One of `words`, or null (a field that may be left out).
fn words_or_null(words: &[&str]) -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(
            words
                .iter()
                .map(|w| Value::from(*w))
                .chain(std::iter::once(Value::Null)),
        ))
        .build()
}

pub fn variant() -> Object {
    words_or_null(&crate::play::VARIANTS.map(crate::record::Variant::tag))
}

/// A puzzle's game, or null (any).
pub fn puzzle_variant() -> Object {
    words_or_null(&["sade", "marseillais"])
}

/// A puzzle's theme, as its slug, or null (mixed).
pub fn puzzle_theme() -> Object {
    words_or_null(&crate::puzzles::Theme::ALL.map(crate::puzzles::Theme::slug))
}

/// A puzzle's game.
pub fn puzzle_game() -> Object {
    words(&["sade", "marseillais"])
}

/// What a puzzle asks.
pub fn question() -> Object {
    words(&crate::puzzles::Question::ALL.map(crate::puzzles::Question::slug))
}

/// What a lesson asks: a turn played, or the Article that refuses a series.
pub fn task() -> Object {
    words(&["play", "why"])
}

/// How a lesson's answer went.
pub fn outcome() -> Object {
    words(&["completed", "failed", "incomplete"])
}

pub fn die_entered() -> Object {
    words_or_null(&["server", "entered"])
}

/// `human` or a bot level of `play`.
pub fn player() -> Object {
    words_or_null(&Seat::names())
}

pub fn promotion() -> Object {
    words_or_null(&["q", "r", "b", "n"])
}

pub fn piece() -> Object {
    words(&["Q", "R", "B", "N", "P"])
}

pub fn piece_or_null() -> Object {
    words_or_null(&["Q", "R", "B", "N", "P"])
}

const SQUARE: &str = "^[a-h][1-8]$";

pub fn square() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(SQUARE))
        .build()
}

pub fn square_or_null() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .pattern(Some(SQUARE))
        .build()
}

pub fn die() -> Object {
    words(&["server", "entered", "none"])
}

pub fn phase() -> Object {
    words(&["roll", "act", "over"])
}

/// The options answer of spec/options.schema.json, for the handlers' annotations: utoipa names
/// it, and [`document`] puts the schema of the file in its place.
pub struct OptionsAnswer;

impl utoipa::PartialSchema for OptionsAnswer {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        Object::new().into()
    }
}

impl utoipa::ToSchema for OptionsAnswer {}

/// What `export/record` and `export/verdict` answer: a record (spec/sdn.schema.json) or a line
/// of `verify --format json` (spec/verdict.schema.json).
pub struct ExportJson;

impl utoipa::PartialSchema for ExportJson {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        OneOfBuilder::new()
            .item(record())
            .item(Ref::from_schema_name("VerifyLine"))
            .into()
    }
}

impl utoipa::ToSchema for ExportJson {}
