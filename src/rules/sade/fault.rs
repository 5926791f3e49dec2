//! The fault vocabulary of the Sade rule set: why an action is illegal ([`Illegal`]), why a
//! position cannot be analysed ([`Refused`]) or a game cannot start from it ([`BadStart`]), and
//! the messages more than one face gives.

use std::fmt;

use shakmaty::Color;

use crate::record::Face;
use crate::rules::Article;
use crate::rules::names::possessive;

/// A position the referee cannot analyse (shakmaty refuses it), or a roll it cannot judge (a
/// die has no such face).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub reason: String,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for Refused {}

/// A start position no game can begin from, and the rule it breaks: a `FEN` tag that cannot be
/// set up ([`Article::FenTag`]: a position shakmaty refuses, an impossible pocket, ...), or a
/// king in check, which no king may be between turns ([`Article::R1`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadStart {
    pub reason: String,
    pub article: Article,
}

impl BadStart {
    /// A `FEN` tag that cannot be set up.
    pub(crate) fn fen_tag(reason: String) -> BadStart {
        BadStart {
            reason,
            article: Article::FenTag,
        }
    }
}

impl fmt::Display for BadStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for BadStart {}

/// An action the rules do not allow here, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Illegal {
    pub reason: String,
    pub article: Article,
}

impl Illegal {
    /// The Article stands beside the reason: a citation that ends the reason (`… (R14)`,
    /// `… (Art. 6, Art. 8.7)`) is taken off it.
    pub fn new(reason: impl Into<String>, article: Article) -> Illegal {
        Illegal {
            reason: crate::rules::strip_citation(reason.into()),
            article,
        }
    }
}

/// Why an action cannot be taken: the rules forbid it, or the position cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    Illegal(Illegal),
    Refused(Refused),
}

impl From<Illegal> for Fault {
    fn from(illegal: Illegal) -> Fault {
        Fault::Illegal(illegal)
    }
}

impl From<Refused> for Fault {
    fn from(refused: Refused) -> Fault {
        Fault::Refused(refused)
    }
}

/// R1: `what` (a move, a removal) checks a king without mating it.
pub(crate) fn non_mating_check(what: &str, checked: Color) -> Fault {
    Illegal::new(
        format!(
            "{what} gives check to {} king that is not mate (R1)",
            possessive(checked)
        ),
        Article::R1,
    )
    .into()
}

/// R1: `what` leaves both kings in check.
pub(crate) fn both_kings_in_check(what: &str) -> Fault {
    Illegal::new(
        format!("{what} leaves both kings in check (R1)"),
        Article::R1,
    )
    .into()
}

/// The Article of a face.
pub(crate) fn face_article(face: Face) -> Article {
    match face {
        Face::One => Article::Art1,
        Face::Two => Article::Art2,
        Face::Three => Article::Art3,
        Face::Four => Article::Art6,
        Face::Five => Article::Art7,
        Face::Six => Article::Art8,
    }
}
