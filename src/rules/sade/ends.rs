//! How the game ends inside a turn: a mate (R2), nakedness (R10), a forbidden check (R3),
//! Poverty of the Flesh (Art. 5, 13.2), and which of them is named when one action gives
//! several (R22).

use shakmaty::Color;

use crate::rules::{Article, Termination};

/// How a turn ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct End {
    pub winner: Color,
    pub termination: Termination,
    /// `Article::Art9_2`, ...
    pub article: Article,
}

impl End {
    /// Whether the face was fulfilled (a mate, nakedness, a stalemate), rather than the roller
    /// having lost by failing it (a forbidden check, Poverty of the Flesh).
    pub fn is_fulfilment(self) -> bool {
        !matches!(
            self.termination,
            Termination::ForbiddenCheck | Termination::PovertyOfTheFlesh
        )
    }
}

/// A mate: the mated player wins (R2). When the same action also leaves him with the king alone
/// (`bare`), the verdict names the first victory in the rules' order (R22): the Sacrifice
/// Accomplished (9.2) before Nakedness (9.3), Nakedness before the Libertine's Mercy (10).
pub(crate) fn mate_end(mated: Color, roller: Color, bare: bool) -> End {
    if mated != roller && bare {
        return naked_end(mated);
    }
    if mated == roller {
        End {
            winner: mated,
            termination: Termination::SacrificeAccomplished,
            article: Article::Art9_2,
        }
    } else {
        End {
            winner: mated,
            termination: Termination::LibertinesMercy,
            article: Article::Art10,
        }
    }
}

/// The player left with the king alone wins (Art. 9.3, R10).
pub(crate) fn naked_end(naked: Color) -> End {
    End {
        winner: naked,
        termination: Termination::Nakedness,
        article: Article::Art9_3,
    }
}

/// The roller with no legal move on face 4 or 6, not in check, wins: the Sweet Stalemate
/// (Art. 9.1, R7).
pub(crate) fn sweet_stalemate_end(roller: Color) -> End {
    End {
        winner: roller,
        termination: Termination::SweetStalemate,
        article: Article::Art9_1,
    }
}

/// A prescription the roller cannot fulfil: the roller loses by Poverty of the Flesh, under
/// `article` (Art. 5 at the roll, Art. 13.2 in a series started, R16).
pub(crate) fn poverty_end(roller: Color, article: Article) -> End {
    End {
        winner: !roller,
        termination: Termination::PovertyOfTheFlesh,
        article,
    }
}

/// A non-mating check inside a series: the roller loses (Art. 4.1, R3).
pub(crate) fn forbidden_check_end(roller: Color) -> End {
    End {
        winner: !roller,
        termination: Termination::ForbiddenCheck,
        article: Article::Art4_1,
    }
}
