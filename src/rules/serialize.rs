//! How the rules' types write colours, roles, squares and turn labels in JSON: lower-case
//! names (`white`, `knight`), squares and labels as text, and `null` for none.

use serde::Serializer;
use shakmaty::{Color, Role};

pub(super) fn role_name<S: Serializer>(role: &Role, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{role:?}").to_lowercase())
}

pub(crate) fn color_name<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(color.fold_wb("white", "black"))
}

/// A square, a turn label or anything else written as its text (`e4`, `12...`).
fn display<S: Serializer, T: std::fmt::Display>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// `value` written by `write`, or `null`.
#[allow(clippy::ref_option)]
fn opt<S: Serializer, T>(
    value: &Option<T>,
    s: S,
    write: impl FnOnce(&T, S) -> Result<S::Ok, S::Error>,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => write(value, s),
        None => s.serialize_none(),
    }
}

#[allow(clippy::ref_option)]
pub(super) fn opt_role_name<S: Serializer>(role: &Option<Role>, s: S) -> Result<S::Ok, S::Error> {
    opt(role, s, role_name)
}

#[allow(clippy::ref_option)]
pub(crate) fn opt_color_name<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
    opt(c, s, color_name)
}

#[allow(clippy::ref_option)]
pub(crate) fn opt_display<S, T>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    T: std::fmt::Display,
{
    opt(value, s, display)
}
