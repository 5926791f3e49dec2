//! Why a game ended: the ends of each game's rules, and the declared ends a record may state.

use serde::Serialize;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// Sade, Art. 9.2: a player mated himself with the opponent's pieces (faces 1–3).
    SacrificeAccomplished,
    /// Sade, Art. 10: a player was mated by the opponent, and wins.
    LibertinesMercy,
    /// Sade, Art. 9.3: a player has only the king left, and wins.
    Nakedness,
    /// Sade, Art. 9.1: a player with no legal move on face 4 or 6, not in check, wins.
    SweetStalemate,
    /// Sade, Art. 5 / 11: a player could not fulfil the face (claimed with `--`), and loses.
    PovertyOfTheFlesh,
    /// Sade, Art. 4.1: a non-mating check inside a series; the player who gave it loses.
    ForbiddenCheck,
    /// A decisive result token that no rule explains.
    Resignation,
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    ThreefoldRepetition,
    FivefoldRepetition,
    FiftyMoveRule,
    SeventyFiveMoveRule,
    /// A drawn result token that no rule explains.
    Agreement,
    /// A declared end (S3) that the Termination tag calls a time forfeit.
    TimeForfeit,
    /// A declared end that the Termination tag calls abandoned.
    Abandoned,
    /// A declared end that the Termination tag calls an adjudication.
    Adjudication,
    /// A declared end that the Termination tag calls a rules infraction.
    RulesInfraction,
    /// A declared end that the Termination tag calls death.
    Death,
    /// A declared end that the Termination tag calls an emergency.
    Emergency,
}

impl Termination {
    pub fn name(self) -> &'static str {
        match self {
            Termination::SacrificeAccomplished => "sacrifice-accomplished",
            Termination::LibertinesMercy => "libertines-mercy",
            Termination::Nakedness => "nakedness",
            Termination::SweetStalemate => "sweet-stalemate",
            Termination::PovertyOfTheFlesh => "poverty-of-the-flesh",
            Termination::ForbiddenCheck => "forbidden-check",
            Termination::Resignation => "resignation",
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient-material",
            Termination::ThreefoldRepetition => "threefold-repetition",
            Termination::FivefoldRepetition => "fivefold-repetition",
            Termination::FiftyMoveRule => "fifty-move-rule",
            Termination::SeventyFiveMoveRule => "seventy-five-move-rule",
            Termination::Agreement => "agreement",
            Termination::TimeForfeit => "time-forfeit",
            Termination::Abandoned => "abandoned",
            Termination::Adjudication => "adjudication",
            Termination::RulesInfraction => "rules-infraction",
            Termination::Death => "death",
            Termination::Emergency => "emergency",
        }
    }

    /// As an arbiter says it: "The Sacrifice Accomplished", "checkmate".
    pub fn title(self) -> &'static str {
        match self {
            Termination::SacrificeAccomplished => "The Sacrifice Accomplished",
            Termination::LibertinesMercy => "The Libertine's Mercy",
            Termination::Nakedness => "Nakedness",
            Termination::SweetStalemate => "The Sweet Stalemate",
            Termination::PovertyOfTheFlesh => "Poverty of the Flesh",
            Termination::ForbiddenCheck => "a forbidden check",
            Termination::Resignation => "resignation",
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::ThreefoldRepetition => "threefold repetition",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::FiftyMoveRule => "the fifty-move rule",
            Termination::SeventyFiveMoveRule => "the seventy-five-move rule",
            Termination::Agreement => "agreement",
            Termination::TimeForfeit => "time forfeit",
            Termination::Abandoned => "abandonment",
            Termination::Adjudication => "adjudication",
            Termination::RulesInfraction => "a rules infraction",
            Termination::Death => "death",
            Termination::Emergency => "an emergency",
        }
    }
}
