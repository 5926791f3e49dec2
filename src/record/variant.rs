//! Which game a record is played under: the one name of each game sade-ref referees, read from a
//! `Variant` tag, written as one, and spelled the same on the command line, in JSON and in URLs.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A game sade-ref referees. The record names it in its `Variant` tag (read leniently, written
/// as [`Variant::tag`]); JSON, the command line and the web API spell it as [`Variant::name`]
/// (`sade`, `marseillais-classical`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Variant {
    /// Marquis de Sade chess: a die face prescribes each turn.
    #[serde(alias = "Sade")]
    Sade,
    /// Balanced Marseillais chess: two moves a turn, White's first turn one move.
    #[serde(alias = "Marseillais")]
    Marseillais,
    /// Marseillais chess with two moves in every turn, White's first included.
    #[serde(alias = "Marseillais Classical")]
    MarseillaisClassical,
    /// Chess under the FIDE Laws.
    #[serde(alias = "Standard")]
    Standard,
    /// Chess960: chess from one of the 960 start positions.
    #[serde(alias = "Chess960")]
    Chess960,
}

/// A `Variant` tag naming a game sade-ref has no rules for (`Crazyhouse`, `Antichess`), kept as
/// written.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("sade-ref has no rules for {name}")]
pub struct UnknownVariant {
    /// The tag's value, trimmed.
    pub name: String,
}

impl Variant {
    /// Every game, in the order the command line lists them.
    pub const ALL: [Variant; 5] = [
        Variant::Sade,
        Variant::Marseillais,
        Variant::MarseillaisClassical,
        Variant::Standard,
        Variant::Chess960,
    ];

    /// The `Variant` tag value sade-ref writes (`Marseillais Classical`); also its [`Display`].
    ///
    /// [`Display`]: fmt::Display
    pub fn tag(self) -> &'static str {
        match self {
            Variant::Sade => "Sade",
            Variant::Marseillais => "Marseillais",
            Variant::MarseillaisClassical => "Marseillais Classical",
            Variant::Standard => "Standard",
            Variant::Chess960 => "Chess960",
        }
    }

    /// The name in JSON, on the command line and in URLs (`marseillais-classical`).
    pub fn name(self) -> &'static str {
        match self {
            Variant::Sade => "sade",
            Variant::Marseillais => "marseillais",
            Variant::MarseillaisClassical => "marseillais-classical",
            Variant::Standard => "standard",
            Variant::Chess960 => "chess960",
        }
    }

    /// Whether the game is Marseillais chess, Balanced or Classical.
    pub fn is_marseillais(self) -> bool {
        matches!(self, Variant::Marseillais | Variant::MarseillaisClassical)
    }

    /// Whether the game is chess under the FIDE Laws, from the usual start or a Chess960 one.
    pub fn is_chess(self) -> bool {
        matches!(self, Variant::Standard | Variant::Chess960)
    }

    /// The game of a record whose `Variant` tag is `value`: an absent or empty tag means Sade
    /// when `has_die_faces`, Standard otherwise.
    ///
    /// # Errors
    /// [`UnknownVariant`] when the tag names a game sade-ref has no rules for.
    pub fn of_record(value: Option<&str>, has_die_faces: bool) -> Result<Variant, UnknownVariant> {
        match value.map(str::trim).filter(|v| !v.is_empty()) {
            Some(value) => value.parse(),
            None if has_die_faces => Ok(Variant::Sade),
            None => Ok(Variant::Standard),
        }
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Reads a tag value or a name, ignoring case, spaces and punctuation: `Marquis de Sade`,
    /// `Chess`, `Fischer Random`, `Marseillais Classical`, `marseillais-classical`.
    fn from_str(value: &str) -> Result<Variant, UnknownVariant> {
        let key: String = value
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        match key.as_str() {
            "sade" | "marquisdesade" | "desade" | "marquisdesadechess" => Ok(Variant::Sade),
            "standard" | "chess" | "normal" | "classical" | "regular" | "fromposition" => {
                Ok(Variant::Standard)
            }
            "chess960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "960" => {
                Ok(Variant::Chess960)
            }
            "marseillais" | "marseillaischess" | "marseillaisbalanced" | "balancedmarseillais" => {
                Ok(Variant::Marseillais)
            }
            "marseillaisclassical" | "classicalmarseillais" => Ok(Variant::MarseillaisClassical),
            _ => Err(UnknownVariant {
                name: value.trim().to_owned(),
            }),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_reads_back_from_its_tag_and_its_name() {
        for variant in Variant::ALL {
            assert_eq!(variant.tag().parse(), Ok(variant));
            assert_eq!(variant.name().parse(), Ok(variant));
            let json = serde_json::to_string(&variant).unwrap();
            assert_eq!(json, format!("\"{}\"", variant.name()));
            let tag_json = format!("\"{}\"", variant.tag());
            assert_eq!(serde_json::from_str::<Variant>(&tag_json).unwrap(), variant);
        }
    }

    #[test]
    fn an_absent_tag_is_sade_with_faces_and_standard_without() {
        assert_eq!(Variant::of_record(None, true), Ok(Variant::Sade));
        assert_eq!(Variant::of_record(Some("  "), false), Ok(Variant::Standard));
        assert_eq!(
            Variant::of_record(Some("Marquis de Sade"), false),
            Ok(Variant::Sade)
        );
        assert_eq!(
            Variant::of_record(Some(" Crazyhouse "), true),
            Err(UnknownVariant {
                name: "Crazyhouse".to_owned()
            })
        );
    }
}
