use std::fmt;

/// The game a record is played under, as its `Variant` tag names it (read as text: what the
/// rules of each game are is the referee's business).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum VariantName {
    /// `Sade`, `Marquis de Sade`, `de Sade`; the default when any turn has a die face.
    Sade,
    /// `Standard`, `Chess`; the default otherwise.
    Standard,
    /// `Chess960`, `Fischerandom`, `Fischer Random`.
    Chess960,
    /// `Marseillais`: Balanced start, White plays one move in the first turn.
    Marseillais,
    /// `Marseillais Classical`: two moves in every turn, White's first included.
    MarseillaisClassical,
    /// Any other name, kept as written (`Crazyhouse`, `Antichess`, ...).
    Other(String),
}

impl VariantName {
    /// Reads a `Variant` tag value; `has_die_faces` picks the default for an absent or empty tag.
    pub fn from_tag(value: Option<&str>, has_die_faces: bool) -> VariantName {
        let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
            return if has_die_faces {
                VariantName::Sade
            } else {
                VariantName::Standard
            };
        };
        let key: String = value
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        match key.as_str() {
            "sade" | "marquisdesade" | "desade" | "marquisdesadechess" => VariantName::Sade,
            "standard" | "chess" | "normal" | "classical" | "regular" | "fromposition" => {
                VariantName::Standard
            }
            "chess960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" | "960" => {
                VariantName::Chess960
            }
            "marseillais" | "marseillaischess" | "marseillaisbalanced" | "balancedmarseillais" => {
                VariantName::Marseillais
            }
            "marseillaisclassical" | "classicalmarseillais" => VariantName::MarseillaisClassical,
            _ => VariantName::Other(value.to_owned()),
        }
    }
}

impl fmt::Display for VariantName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VariantName::Sade => "Sade",
            VariantName::Standard => "Standard",
            VariantName::Chess960 => "Chess960",
            VariantName::Marseillais => "Marseillais",
            VariantName::MarseillaisClassical => "Marseillais Classical",
            VariantName::Other(name) => name,
        })
    }
}
