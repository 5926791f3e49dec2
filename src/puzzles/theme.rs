//! What a puzzle is about: its theme, one of a fixed list for each game, named in the file by a
//! slug (`sacrifice-accomplished`, `en-passant`).

use serde::{Deserialize, Serialize};

use crate::record::Variant;

/// The theme of a puzzle. Each theme belongs to one game; the file names the Article or rule
/// the puzzle turns on beside it (`Puzzle::article`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// Sade, faces 1–3: mate yourself with the opponent's pieces (Art. 9.2).
    SacrificeAccomplished,
    /// Sade: be mated by the opponent (Art. 10).
    LibertinesMercy,
    /// Sade: be left with the king alone (Art. 9.3), often by the sacrifice of face 4.
    Nakedness,
    /// Sade: be left with no legal move, not in check, on face 4 or 6 (Art. 9.1).
    SweetStalemate,
    /// Sade: the opponent cannot fulfil the face (Art. 5).
    PovertyOfTheFlesh,
    /// Sade, face 4: which piece to sacrifice, and the regular move after it (Art. 6).
    Sacrifice,
    /// Sade, face 5: which piece to return and where (Art. 7).
    Resurrection,
    /// Sade, face 6: the order of the series away from the king (Art. 8).
    Exposure,
    /// Sade: the one answer that does not lose this turn.
    Survive,
    /// Marseillais: a full turn that mates (M3).
    MateInOneTurn,
    /// Marseillais: a quiet first move, then the mate, where a check with the first move would
    /// end the turn at once (M2).
    CheckEndsTheTurn,
    /// Marseillais: a mate whose turn takes en passant (M4).
    EnPassant,
    /// Marseillais: a mate whose turn castles (M5).
    Castling,
    /// Marseillais: the one turn after which the opponent has no mate in one turn (M3).
    Defend,
    /// Marseillais: the one turn after which every reply is mated at the next turn (M3).
    MateInTwoTurns,
    /// Marseillais: the one turn whose two moves win a piece, by the engine's search (M1).
    WinMaterial,
    /// Marseillais: the one turn that loses no piece, by the engine's search (M1).
    DefendMaterial,
}

impl Theme {
    /// Every theme, Sade's first.
    pub const ALL: [Theme; 17] = [
        Theme::SacrificeAccomplished,
        Theme::LibertinesMercy,
        Theme::Nakedness,
        Theme::SweetStalemate,
        Theme::PovertyOfTheFlesh,
        Theme::Sacrifice,
        Theme::Resurrection,
        Theme::Exposure,
        Theme::Survive,
        Theme::MateInOneTurn,
        Theme::CheckEndsTheTurn,
        Theme::EnPassant,
        Theme::Castling,
        Theme::Defend,
        Theme::MateInTwoTurns,
        Theme::WinMaterial,
        Theme::DefendMaterial,
    ];

    /// The slug, as the file and the API write it.
    pub fn slug(self) -> &'static str {
        match self {
            Theme::SacrificeAccomplished => "sacrifice-accomplished",
            Theme::LibertinesMercy => "libertines-mercy",
            Theme::Nakedness => "nakedness",
            Theme::SweetStalemate => "sweet-stalemate",
            Theme::PovertyOfTheFlesh => "poverty-of-the-flesh",
            Theme::Sacrifice => "sacrifice",
            Theme::Resurrection => "resurrection",
            Theme::Exposure => "exposure",
            Theme::Survive => "survive",
            Theme::MateInOneTurn => "mate-in-one-turn",
            Theme::CheckEndsTheTurn => "check-ends-the-turn",
            Theme::EnPassant => "en-passant",
            Theme::Castling => "castling",
            Theme::Defend => "defend",
            Theme::MateInTwoTurns => "mate-in-two-turns",
            Theme::WinMaterial => "win-material",
            Theme::DefendMaterial => "defend-material",
        }
    }

    /// The theme named by `slug`.
    pub fn from_slug(slug: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.slug() == slug)
    }

    /// The theme in words, as the page lists it.
    pub fn words(self) -> &'static str {
        match self {
            Theme::SacrificeAccomplished => "The Sacrifice Accomplished: mate yourself",
            Theme::LibertinesMercy => "The Libertine's Mercy: be mated",
            Theme::Nakedness => "Nakedness: keep only your king",
            Theme::SweetStalemate => "The Sweet Stalemate",
            Theme::PovertyOfTheFlesh => "Poverty of the Flesh",
            Theme::Sacrifice => "Face 4: which piece to sacrifice",
            Theme::Resurrection => "Face 5: which piece to return, and where",
            Theme::Exposure => "Face 6: the exposure",
            Theme::Survive => "Survive: the one way not to lose",
            Theme::MateInOneTurn => "Mate in one turn",
            Theme::CheckEndsTheTurn => "A check ends the turn",
            Theme::EnPassant => "En passant",
            Theme::Castling => "Castling",
            Theme::Defend => "Defend: the one turn not mated",
            Theme::MateInTwoTurns => "Mate in two turns",
            Theme::WinMaterial => "Win material: the two moves that win a piece",
            Theme::DefendMaterial => "Defend material: the one turn that loses no piece",
        }
    }

    /// The game the theme belongs to.
    pub fn variant(self) -> Variant {
        match self {
            Theme::MateInOneTurn
            | Theme::CheckEndsTheTurn
            | Theme::EnPassant
            | Theme::Castling
            | Theme::Defend
            | Theme::MateInTwoTurns
            | Theme::WinMaterial
            | Theme::DefendMaterial => Variant::Marseillais,
            _ => Variant::Sade,
        }
    }
}

impl std::fmt::Display for Theme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.slug())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_slug_names_its_theme_and_serde_writes_the_slug() {
        for theme in Theme::ALL {
            assert_eq!(Theme::from_slug(theme.slug()), Some(theme));
            assert_eq!(
                serde_json::to_string(&theme).unwrap(),
                format!("\"{}\"", theme.slug())
            );
        }
    }
}
