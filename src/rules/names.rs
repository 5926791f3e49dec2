//! The words every rule set and every picture uses for colours and pieces, in one place.

use shakmaty::{Color, Role};

use crate::record::Side;

/// "White", "Black": a colour's word is its side's ([`Side::name`]).
pub fn color_name(color: Color) -> &'static str {
    Side::from(color).name()
}

/// "White's", "Black's".
pub fn possessive(color: Color) -> &'static str {
    color.fold_wb("White's", "Black's")
}

/// "knight", "queen".
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// "a queen" (every role name starts with a consonant).
pub fn a_role(role: Role) -> String {
    format!("a {}", role_name(role))
}
