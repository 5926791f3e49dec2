//! What kind of fault an illegal action is: a stable kebab-case code for tools, with a help
//! line for the arbiter. The reason text of a [`crate::rules::Violation`] says the specifics
//! (which piece, which square); the code says the kind, and never changes with the wording.

use std::fmt;

use serde::{Serialize, Serializer};

use super::article::Article;

macro_rules! fault_codes {
    ($($(#[doc = $doc:literal])* $variant:ident => $code:literal, $help:literal;)*) => {
        /// The kind of a rule fault. See the module documentation.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum FaultCode {
            $($(#[doc = $doc])* $variant,)*
        }

        impl FaultCode {
            /// Every code.
            pub const ALL: &'static [FaultCode] = &[$(FaultCode::$variant,)*];

            /// The stable kebab-case code: `illegal-move`, `false-impossibility-claim`, ...
            pub fn code(self) -> &'static str {
                match self {
                    $(FaultCode::$variant => $code,)*
                }
            }

            /// What the player could have done instead, in general terms.
            pub fn help(self) -> &'static str {
                match self {
                    $(FaultCode::$variant => $help,)*
                }
            }
        }
    };
}

fault_codes! {
    /// A move that the piece cannot make, or that leaves its own king in check.
    IllegalMove => "illegal-move", "write a move that the piece can make from this position";
    /// The moving piece is pinned to its king.
    Pinned => "pinned", "a pinned piece may only move along the line of the pin";
    /// No piece of that kind can reach the square, or there is no piece there.
    NoSuchPiece => "no-such-piece", "name a piece that stands on the board and can reach the square";
    /// A pawn reaching the last rank must name its promotion piece.
    MustPromote => "must-promote", "add the promotion piece: =Q, =R, =B or =N";
    /// The SAN names more than one legal move.
    AmbiguousMove => "ambiguous-move", "add the file or rank of the moving piece";
    /// A move gives a check that is not mate (R1, R3).
    ForbiddenCheck => "forbidden-check", "a check is allowed only when it is mate";
    /// After the action both kings are in check.
    BothKingsInCheck => "both-kings-in-check", "no action may leave both kings in check";
    /// `--` claims that nothing can be done, but something can (R14).
    FalseImpossibilityClaim => "false-impossibility-claim", "play one of the fulfilments the referee names; `--` is only for a face that cannot be fulfilled";
    /// The turn stops while its prescription could go on (R16, R9).
    SeriesIncomplete => "series-incomplete", "write the rest of the prescription, or end the record there";
    /// A piece moves twice in one series or exposure.
    PieceMovesTwice => "piece-moves-twice", "each piece moves at most once in a series or an exposure";
    /// Own pieces were played while the opponent's were due on faces 1-3 (R4, Art. 12.2).
    OwnPiecesWhileEnemyPossible => "own-pieces-while-enemy-possible", "play the opponent's pieces: the count at the roll made them due; write `--` if no series of them can be completed";
    /// A series moves pieces of the colour that is not due (R4, Art. 12.1).
    WrongColour => "wrong-colour", "every move of a series is made with the pieces due at the roll, of one colour";
    /// The opponent's king was moved in a series (Art. 4.2, 14).
    EnemyKingTouched => "enemy-king-touched", "play any other piece of the opponent's";
    /// Castling inside a prescription (R5, Art. 15).
    CastlingInSeries => "castling-in-series", "castle only in a regular move";
    /// The castling right is gone (R11).
    CastlingRightLost => "castling-right-lost", "the king or that rook has moved; make another move";
    /// En passant one action too late (R11, M4).
    LateEnPassant => "late-en-passant", "en passant is possible only right after the double step";
    /// Face 4: the sacrifice names a piece that is not the roller's, or not there.
    WrongSacrifice => "wrong-sacrifice", "sacrifice one of your own pieces, not the king: -Nc3";
    /// Face 4: the removal exposes the roller's king to a check that is not mate (R6).
    RemovalExposesKing => "removal-exposes-king", "sacrifice a piece that does not shield your king";
    /// A regular move is due (Art. 6, 8.7).
    RegularMoveDue => "regular-move-due", "make one regular move with your own pieces";
    /// Face 5: not the opponent's highest piece in the pool (R8).
    WrongResurrectionPiece => "wrong-resurrection-piece", "return the opponent's highest piece: queen, rook, bishop, knight";
    /// Face 5: the resurrected piece gives check to the roller's king, or the square is taken.
    ResurrectionSquare => "resurrection-square", "put the piece on an empty square where it gives no check to your king";
    /// Face 6: a piece that is not next to the king, or one that stops next to it (Art. 8).
    ExposureMove => "exposure-move", "move a piece next to your king to a square not next to it";
    /// Face 6 with no move at all: the turn is `--` (R7).
    StalemateMustBeClaimed => "stalemate-must-be-claimed", "write `--`: the stalemate wins";
    /// An action after the face was fulfilled.
    ActionTooMany => "action-too-many", "the face is fulfilled; the next action belongs to the next turn";
    /// A written action of the wrong kind for the face (a sacrifice on face 1, ...).
    WrongActionKind => "wrong-action-kind", "write the kind of action the face prescribes";
    /// A turn without a die face in a Sade record.
    DieFaceMissing => "die-face-missing", "write the face rolled before the actions: `3: ...`";
    /// A die face outside 1-6.
    DieFaceInvalid => "die-face-invalid", "a die face is 1 to 6";
    /// A die face in a game without dice.
    DieFaceOutOfPlace => "die-face-out-of-place", "die faces belong to Marquis de Sade games";
    /// The die face does not follow from the record's DieSeed.
    DieMismatch => "die-mismatch", "the face must be the one the DieSeed gives for this turn";
    /// The DieSeed is not the seed the DieCommit tag committed to.
    DieCommitMismatch => "die-commit-mismatch", "reveal the seed whose SHA-256 is the DieCommit";
    /// A drawn result in Marquis de Sade chess (Art. 17, R12).
    DrawImpossible => "draw-impossible", "Marquis de Sade chess has no draw: the game goes on";
    /// A null move in a Standard or Marseillais main line (R20).
    NullMove => "null-move", "a null move belongs in a variation, not in the game";
    /// A Marseillais turn with a move too many (M1, M8).
    TurnTooLong => "turn-too-long", "a turn has two moves, one in White's first Balanced turn";
    /// A Marseillais first move that gave check ended the turn (M2).
    CheckEndsTurn => "check-ends-turn", "a check with the first move ends the turn";
    /// A Marseillais turn that stops after one move although a second exists (M1, M3).
    TurnTooShort => "turn-too-short", "a turn has two moves";
    /// A first move after which no second move exists, while a full turn exists (M3).
    NoSecondMove => "no-second-move", "choose a first move that allows a second";
    /// The start position cannot be played (FEN tag).
    BadSetup => "bad-setup", "fix the FEN tag";
    /// Both players have only the king in the start position (R17).
    BothNaked => "both-naked", "a setup where both kings stand alone is not a game";
    /// A game the referee does not know (Variant tag).
    UnknownVariant => "unknown-variant", "use Sade, Marseillais, Marseillais Classical or Standard";
    /// A position the referee cannot analyse.
    Unanalysable => "unanalysable", "the position on the board cannot be set up as a chess position";
}

impl FaultCode {
    /// The code of a fault, from its Article and the cause its reason names.
    pub(crate) fn of(article: Article, reason: &str) -> FaultCode {
        let has = |word: &str| reason.contains(word);
        if has("cannot be analysed") {
            return FaultCode::Unanalysable;
        }
        if has("one action too many") {
            return FaultCode::ActionTooMany;
        }
        if matches!(article, Article::R1 | Article::R3 | Article::Art4_1)
            && (has("gives check") || has("gives a check"))
        {
            return FaultCode::ForbiddenCheck;
        }
        if has("both kings in check") {
            return FaultCode::BothKingsInCheck;
        }
        match article {
            Article::R14 => FaultCode::FalseImpossibilityClaim,
            Article::R5 | Article::Art15 => FaultCode::CastlingInSeries,
            Article::R6 => FaultCode::RemovalExposesKing,
            Article::R7 => FaultCode::StalemateMustBeClaimed,
            Article::R11 | Article::M4 | Article::Fide3_7_3_2 if has("en passant") => {
                FaultCode::LateEnPassant
            }
            Article::R11 | Article::M5 | Article::Fide3_8_2 => FaultCode::CastlingRightLost,
            Article::Art12_2 => FaultCode::OwnPiecesWhileEnemyPossible,
            Article::Art12_1 => FaultCode::WrongColour,
            Article::Art4_2 | Article::Art14 => FaultCode::EnemyKingTouched,
            Article::Art17 | Article::R12 => FaultCode::DrawImpossible,
            Article::R20 => FaultCode::NullMove,
            Article::R17 => FaultCode::BothNaked,
            Article::FenTag => FaultCode::BadSetup,
            Article::VariantTag => FaultCode::UnknownVariant,
            Article::DieSeedTag => FaultCode::DieMismatch,
            Article::San | Article::FideC10 => FaultCode::AmbiguousMove,
            Article::Fide3_7_5 => FaultCode::MustPromote,
            Article::M2 if has("ends the turn") => FaultCode::CheckEndsTurn,
            Article::M2 => FaultCode::IllegalMove,
            Article::M3 => FaultCode::NoSecondMove,
            Article::M1 | Article::M8 if has("die face") => FaultCode::DieFaceOutOfPlace,
            Article::M1 | Article::M8 if has("comes too early") => FaultCode::TurnTooShort,
            Article::M1 | Article::M8 => FaultCode::TurnTooLong,
            Article::Art2 if has("no die face") => FaultCode::DieFaceMissing,
            Article::Art2 if has("has no face") => FaultCode::DieFaceInvalid,
            _ if has("already moved") || has("moves once") || has("move twice") => {
                FaultCode::PieceMovesTwice
            }
            _ if has("stops after") || has("stops while") || has("could still leave") => {
                FaultCode::SeriesIncomplete
            }
            _ if has("pinned") => FaultCode::Pinned,
            _ if has("no piece") || has("there is no") || has("no such") => FaultCode::NoSuchPiece,
            _ if has("this series is played with") => FaultCode::WrongColour,
            Article::Art6 if has("sacrific") || has("remov") || has("names") => {
                FaultCode::WrongSacrifice
            }
            Article::Art6 | Article::Art8_7 => FaultCode::RegularMoveDue,
            Article::Art7 | Article::R8 if has("not empty") || has("check") => {
                FaultCode::ResurrectionSquare
            }
            Article::Art7 | Article::R8
                if has("highest") || has("must be resurrected") || has("pawn") =>
            {
                FaultCode::WrongResurrectionPiece
            }
            Article::Art8 | Article::Art8_2 | Article::R9 => FaultCode::ExposureMove,
            Article::Art1 | Article::Art2 | Article::Art3 | Article::Art7 if has("asks for") => {
                FaultCode::WrongActionKind
            }
            _ => FaultCode::IllegalMove,
        }
    }
}

impl fmt::Display for FaultCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for FaultCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// A reason without the citation in brackets at its end, when every part of it is one.
pub(crate) fn strip_citation(mut reason: String) -> String {
    while reason.ends_with(')') {
        let Some(open) = reason.rfind(" (") else {
            break;
        };
        let inner = &reason[open + 2..reason.len() - 1];
        let all_cited = inner
            .split([',', '/'])
            .all(|part| Article::from_cite(part.trim()).is_some());
        if !all_cited {
            break;
        }
        reason.truncate(open);
    }
    reason
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_kebab_case_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for code in FaultCode::ALL {
            let text = code.code();
            assert!(
                text.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{text}"
            );
            assert!(seen.insert(text), "{text} twice");
            assert!(!code.help().is_empty());
        }
    }

    #[test]
    fn a_trailing_citation_comes_off_the_reason() {
        assert_eq!(
            strip_citation("blocked (Art. 6, Art. 8.7)".into()),
            "blocked"
        );
        assert_eq!(strip_citation("one move (M1)".into()), "one move");
        assert_eq!(strip_citation("one move (e4)".into()), "one move (e4)");
    }

    #[test]
    fn the_cause_picks_the_code() {
        let code = |article, reason| FaultCode::of(article, reason);
        assert_eq!(
            code(Article::Art7, "a2 is not empty: White's pawn stands there"),
            FaultCode::ResurrectionSquare
        );
        assert_eq!(
            code(
                Article::Art7,
                "the pool holds a queen, so a queen must be resurrected"
            ),
            FaultCode::WrongResurrectionPiece
        );
        assert_eq!(
            code(Article::M2, "a5 is not legal: Black is in check"),
            FaultCode::IllegalMove
        );
        assert_eq!(
            code(
                Article::M1,
                "so 2... comes too early; unless the first gives check"
            ),
            FaultCode::TurnTooShort
        );
    }
}
