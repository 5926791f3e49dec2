//! How the rules' types write colours, roles, squares and turn labels in JSON: lower-case
//! names (`white`, `knight`), squares and labels as text.

use shakmaty::{Color, Role, Square};

pub(super) fn role_name<S: serde::Serializer>(role: &Role, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{role:?}").to_lowercase())
}

#[allow(clippy::ref_option)]
pub(super) fn opt_role_name<S: serde::Serializer>(
    role: &Option<Role>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match role {
        Some(role) => role_name(role, s),
        None => s.serialize_none(),
    }
}

#[allow(clippy::ref_option)]
pub(super) fn opt_square<S: serde::Serializer>(
    square: &Option<Square>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match square {
        Some(square) => s.collect_str(square),
        None => s.serialize_none(),
    }
}

#[allow(clippy::ref_option)]
pub(super) fn opt_label<S: serde::Serializer>(
    label: &Option<crate::record::MoveNumber>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match label {
        Some(label) => s.collect_str(label),
        None => s.serialize_none(),
    }
}

pub(crate) fn color_name<S: serde::Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(color.fold_wb("white", "black"))
}

#[allow(clippy::ref_option)]
pub(crate) fn opt_color_name<S: serde::Serializer>(
    color: &Option<Color>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match color {
        Some(color) => color_name(color, s),
        None => s.serialize_none(),
    }
}
