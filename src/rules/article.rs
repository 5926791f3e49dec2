//! The Articles, rulings and laws a verdict cites, as a type.
//!
//! Every fault and every ending names one [`Article`]; its `Display` is the citation an arbiter
//! reads ("Art. 9.2", "R6", "FIDE 5.1.1"). The Articles are those of the seed rules of Marquis de
//! Sade chess (seeds/000; Section II's numbering, except [`Article::Art2`], which is also Section
//! I's "Instrument of Fate"), the rulings R1–R21, S1–S3 and M1–M8 of `sdn-v1-and-rulings.md`, the
//! FIDE Laws the Standard and Marseillais referees cite, and the parts of a record that are not
//! moves (the SDN syntax, the FEN, Variant, Termination and result tags).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An Article, ruling or law. See the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Article {
    /// Art. 1: Face One: play one of the opponent's pieces (Section II), or Section I's foundation.
    Art1,
    /// Art. 2: Face Two (Section II), or the Instrument of Fate: a roll before every turn (Section I).
    Art2,
    /// Art. 3: Face Three (Section II).
    Art3,
    /// Art. 4.1: A check inside a series must be mate, or the series is lost.
    Art4_1,
    /// Art. 4.2: The opponent's king may not be moved.
    Art4_2,
    /// Art. 5: Poverty of the Flesh: a face that cannot be fulfilled loses.
    Art5,
    /// Art. 6: Face Four: the sacrifice, then a regular move.
    Art6,
    /// Art. 7: Face Five: the resurrection.
    Art7,
    /// Art. 8: Face Six: the exposure.
    Art8,
    /// Art. 8.2: An exposed piece may not stop next to the king.
    Art8_2,
    /// Art. 8.7: No piece can leave the king: one regular move instead.
    Art8_7,
    /// Art. 9.1: The Sweet Stalemate.
    Art9_1,
    /// Art. 9.2: The Sacrifice Accomplished: mated during one's own turn (R2).
    Art9_2,
    /// Art. 9.3: Nakedness: the king alone wins.
    Art9_3,
    /// Art. 10: The Libertine's Mercy: mated by the opponent, and wins.
    Art10,
    /// Art. 11: Victory through impossibility.
    Art11,
    /// Art. 12.1: Faces 1-3: own pieces only when the opponent's cannot.
    Art12_1,
    /// Art. 12.2: Faces 1-3: never own pieces while the opponent's can.
    Art12_2,
    /// Art. 13.1: A mate ends a series early.
    Art13_1,
    /// Art. 13.2: A series that cannot be finished loses.
    Art13_2,
    /// Art. 14: Never the opponent's king.
    Art14,
    /// Art. 15: Castling only in a regular move.
    Art15,
    /// Art. 16: Promotion, by whoever moved the pawn.
    Art16,
    /// Art. 17: No draw in Marquis de Sade chess.
    Art17,
    /// R1: Legality of one action.
    R1,
    /// R2: Checkmate: the mated player wins.
    R2,
    /// R3: A non-mating check.
    R3,
    /// R4: Faces 1-3, who plays.
    R4,
    /// R5: Castling only in a regular move.
    R5,
    /// R6: Face 4, the removal.
    R6,
    /// R7: Stalemate on faces 4 and 6.
    R7,
    /// R8: Face 5, the pool.
    R8,
    /// R9: Face 6, the adjacent pieces.
    R9,
    /// R10: Nakedness after every action.
    R10,
    /// R11: En passant and castling rights.
    R11,
    /// R12: No draws.
    R12,
    /// R13: What a verdict is.
    R13,
    /// R14: `--` is a claim.
    R14,
    /// R15: A die face with no action.
    R15,
    /// R16: A prescription that stops early.
    R16,
    /// R17: Nakedness in the start position.
    R17,
    /// R18: Move-number labels.
    R18,
    /// R19: Divine Nakedness before the check rule.
    R19,
    /// R20: Null moves in Standard and Marseillais.
    R20,
    /// R21: What follows the end is void.
    R21,
    /// S1: Every PGN game is a Standard record.
    S1,
    /// S2: Standard endings.
    S2,
    /// S3: A declared end.
    S3,
    /// M1: Turns and their moves.
    M1,
    /// M2: A check with the first move ends the turn.
    M2,
    /// M3: No full turn.
    M3,
    /// M4: En passant.
    M4,
    /// M5: Castling.
    M5,
    /// M6: Draws.
    M6,
    /// M7: From a FEN setup; insufficient material after any move.
    M7,
    /// M8: An error belongs to its group.
    M8,
    /// FIDE 3: FIDE 3: the moves of the pieces.
    Fide3,
    /// FIDE 3.7.3.2: FIDE 3.7.3.2: en passant.
    Fide3_7_3_2,
    /// FIDE 3.7.5: FIDE 3.7.5: promotion.
    Fide3_7_5,
    /// FIDE 3.8.2: FIDE 3.8.2: castling.
    Fide3_8_2,
    /// FIDE 3.9: FIDE 3.9: the king in check.
    Fide3_9,
    /// FIDE 5.1.1: FIDE 5.1.1: checkmate.
    Fide5_1_1,
    /// FIDE 5.1.2: FIDE 5.1.2: resignation.
    Fide5_1_2,
    /// FIDE 5.2.1: FIDE 5.2.1: stalemate.
    Fide5_2_1,
    /// FIDE 5.2.2: FIDE 5.2.2: dead position.
    Fide5_2_2,
    /// FIDE 5.2.3: FIDE 5.2.3: agreement.
    Fide5_2_3,
    /// FIDE 9.2: FIDE 9.2: threefold repetition.
    Fide9_2,
    /// FIDE 9.3: FIDE 9.3: the fifty-move rule.
    Fide9_3,
    /// FIDE 9.6.1: FIDE 9.6.1: fivefold repetition.
    Fide9_6_1,
    /// FIDE 9.6.2: FIDE 9.6.2: the seventy-five-move rule.
    Fide9_6_2,
    /// FIDE C.10: FIDE C.10: SAN names a move unambiguously.
    FideC10,
    /// SAN: Standard algebraic notation.
    San,
    /// SDN syntax: The SDN grammar (spec/SDN.md).
    SdnSyntax,
    /// FEN tag: The FEN tag: the start position.
    FenTag,
    /// Variant tag: The Variant tag: which game.
    VariantTag,
    /// result token: The result token and Result tag.
    ResultToken,
    /// Termination tag: The Termination tag: how a declared end came about.
    TerminationTag,
    /// DieSeed tag: The DieSeed and DieCommit tags: the audited die.
    DieSeedTag,
}

impl Article {
    /// Every article, in the order of the enum.
    pub const ALL: &'static [Article] = &[
        Article::Art1,
        Article::Art2,
        Article::Art3,
        Article::Art4_1,
        Article::Art4_2,
        Article::Art5,
        Article::Art6,
        Article::Art7,
        Article::Art8,
        Article::Art8_2,
        Article::Art8_7,
        Article::Art9_1,
        Article::Art9_2,
        Article::Art9_3,
        Article::Art10,
        Article::Art11,
        Article::Art12_1,
        Article::Art12_2,
        Article::Art13_1,
        Article::Art13_2,
        Article::Art14,
        Article::Art15,
        Article::Art16,
        Article::Art17,
        Article::R1,
        Article::R2,
        Article::R3,
        Article::R4,
        Article::R5,
        Article::R6,
        Article::R7,
        Article::R8,
        Article::R9,
        Article::R10,
        Article::R11,
        Article::R12,
        Article::R13,
        Article::R14,
        Article::R15,
        Article::R16,
        Article::R17,
        Article::R18,
        Article::R19,
        Article::R20,
        Article::R21,
        Article::S1,
        Article::S2,
        Article::S3,
        Article::M1,
        Article::M2,
        Article::M3,
        Article::M4,
        Article::M5,
        Article::M6,
        Article::M7,
        Article::M8,
        Article::Fide3,
        Article::Fide3_7_3_2,
        Article::Fide3_7_5,
        Article::Fide3_8_2,
        Article::Fide3_9,
        Article::Fide5_1_1,
        Article::Fide5_1_2,
        Article::Fide5_2_1,
        Article::Fide5_2_2,
        Article::Fide5_2_3,
        Article::Fide9_2,
        Article::Fide9_3,
        Article::Fide9_6_1,
        Article::Fide9_6_2,
        Article::FideC10,
        Article::San,
        Article::SdnSyntax,
        Article::FenTag,
        Article::VariantTag,
        Article::ResultToken,
        Article::TerminationTag,
        Article::DieSeedTag,
    ];

    /// The citation: "Art. 9.2", "R6", "FIDE 5.1.1".
    pub fn cite(self) -> &'static str {
        match self {
            Article::Art1 => "Art. 1",
            Article::Art2 => "Art. 2",
            Article::Art3 => "Art. 3",
            Article::Art4_1 => "Art. 4.1",
            Article::Art4_2 => "Art. 4.2",
            Article::Art5 => "Art. 5",
            Article::Art6 => "Art. 6",
            Article::Art7 => "Art. 7",
            Article::Art8 => "Art. 8",
            Article::Art8_2 => "Art. 8.2",
            Article::Art8_7 => "Art. 8.7",
            Article::Art9_1 => "Art. 9.1",
            Article::Art9_2 => "Art. 9.2",
            Article::Art9_3 => "Art. 9.3",
            Article::Art10 => "Art. 10",
            Article::Art11 => "Art. 11",
            Article::Art12_1 => "Art. 12.1",
            Article::Art12_2 => "Art. 12.2",
            Article::Art13_1 => "Art. 13.1",
            Article::Art13_2 => "Art. 13.2",
            Article::Art14 => "Art. 14",
            Article::Art15 => "Art. 15",
            Article::Art16 => "Art. 16",
            Article::Art17 => "Art. 17",
            Article::R1 => "R1",
            Article::R2 => "R2",
            Article::R3 => "R3",
            Article::R4 => "R4",
            Article::R5 => "R5",
            Article::R6 => "R6",
            Article::R7 => "R7",
            Article::R8 => "R8",
            Article::R9 => "R9",
            Article::R10 => "R10",
            Article::R11 => "R11",
            Article::R12 => "R12",
            Article::R13 => "R13",
            Article::R14 => "R14",
            Article::R15 => "R15",
            Article::R16 => "R16",
            Article::R17 => "R17",
            Article::R18 => "R18",
            Article::R19 => "R19",
            Article::R20 => "R20",
            Article::R21 => "R21",
            Article::S1 => "S1",
            Article::S2 => "S2",
            Article::S3 => "S3",
            Article::M1 => "M1",
            Article::M2 => "M2",
            Article::M3 => "M3",
            Article::M4 => "M4",
            Article::M5 => "M5",
            Article::M6 => "M6",
            Article::M7 => "M7",
            Article::M8 => "M8",
            Article::Fide3 => "FIDE 3",
            Article::Fide3_7_3_2 => "FIDE 3.7.3.2",
            Article::Fide3_7_5 => "FIDE 3.7.5",
            Article::Fide3_8_2 => "FIDE 3.8.2",
            Article::Fide3_9 => "FIDE 3.9",
            Article::Fide5_1_1 => "FIDE 5.1.1",
            Article::Fide5_1_2 => "FIDE 5.1.2",
            Article::Fide5_2_1 => "FIDE 5.2.1",
            Article::Fide5_2_2 => "FIDE 5.2.2",
            Article::Fide5_2_3 => "FIDE 5.2.3",
            Article::Fide9_2 => "FIDE 9.2",
            Article::Fide9_3 => "FIDE 9.3",
            Article::Fide9_6_1 => "FIDE 9.6.1",
            Article::Fide9_6_2 => "FIDE 9.6.2",
            Article::FideC10 => "FIDE C.10",
            Article::San => "SAN",
            Article::SdnSyntax => "SDN syntax",
            Article::FenTag => "FEN tag",
            Article::VariantTag => "Variant tag",
            Article::ResultToken => "result token",
            Article::TerminationTag => "Termination tag",
            Article::DieSeedTag => "DieSeed tag",
        }
    }

    /// What the article is about, in a few words.
    pub fn title(self) -> &'static str {
        match self {
            Article::Art1 => {
                "Face One: play one of the opponent's pieces (Section II), or Section I's foundation"
            }
            Article::Art2 => {
                "Face Two (Section II), or the Instrument of Fate: a roll before every turn (Section I)"
            }
            Article::Art3 => "Face Three (Section II)",
            Article::Art4_1 => "A check inside a series must be mate, or the series is lost",
            Article::Art4_2 => "The opponent's king may not be moved",
            Article::Art5 => "Poverty of the Flesh: a face that cannot be fulfilled loses",
            Article::Art6 => "Face Four: the sacrifice, then a regular move",
            Article::Art7 => "Face Five: the resurrection",
            Article::Art8 => "Face Six: the exposure",
            Article::Art8_2 => "An exposed piece may not stop next to the king",
            Article::Art8_7 => "No piece can leave the king: one regular move instead",
            Article::Art9_1 => "The Sweet Stalemate",
            Article::Art9_2 => "The Sacrifice Accomplished: mated during one's own turn",
            Article::Art9_3 => "Nakedness: the king alone wins",
            Article::Art10 => "The Libertine's Mercy: mated by the opponent, and wins",
            Article::Art11 => "Victory through impossibility",
            Article::Art12_1 => "Faces 1-3: own pieces only when the opponent's cannot",
            Article::Art12_2 => "Faces 1-3: never own pieces while the opponent's can",
            Article::Art13_1 => "A mate ends a series early",
            Article::Art13_2 => "A series that cannot be finished loses",
            Article::Art14 => "Never the opponent's king",
            Article::Art15 => "Castling only in a regular move",
            Article::Art16 => "Promotion, by whoever moved the pawn",
            Article::Art17 => "No draw in Marquis de Sade chess",
            Article::R1 => "Legality of one action",
            Article::R2 => "Checkmate: the mated player wins",
            Article::R3 => "A non-mating check",
            Article::R4 => "Faces 1-3, who plays",
            Article::R5 => "Castling only in a regular move",
            Article::R6 => "Face 4, the removal",
            Article::R7 => "Stalemate on faces 4 and 6",
            Article::R8 => "Face 5, the pool",
            Article::R9 => "Face 6, the adjacent pieces",
            Article::R10 => "Nakedness after every action",
            Article::R11 => "En passant and castling rights",
            Article::R12 => "No draws",
            Article::R13 => "What a verdict is",
            Article::R14 => "`--` is a claim",
            Article::R15 => "A die face with no action",
            Article::R16 => "A prescription that stops early",
            Article::R17 => "Nakedness in the start position",
            Article::R18 => "Move-number labels",
            Article::R19 => "Divine Nakedness before the check rule",
            Article::R20 => "Null moves in Standard and Marseillais",
            Article::R21 => "What follows the end is void",
            Article::S1 => "Every PGN game is a Standard record",
            Article::S2 => "Standard endings",
            Article::S3 => "A declared end",
            Article::M1 => "Turns and their moves",
            Article::M2 => "A check with the first move ends the turn",
            Article::M3 => "No full turn",
            Article::M4 => "En passant",
            Article::M5 => "Castling",
            Article::M6 => "Draws",
            Article::M7 => "From a FEN setup; insufficient material after any move",
            Article::M8 => "An error belongs to its group",
            Article::Fide3 => "FIDE 3: the moves of the pieces",
            Article::Fide3_7_3_2 => "FIDE 3.7.3.2: en passant",
            Article::Fide3_7_5 => "FIDE 3.7.5: promotion",
            Article::Fide3_8_2 => "FIDE 3.8.2: castling",
            Article::Fide3_9 => "FIDE 3.9: the king in check",
            Article::Fide5_1_1 => "FIDE 5.1.1: checkmate",
            Article::Fide5_1_2 => "FIDE 5.1.2: resignation",
            Article::Fide5_2_1 => "FIDE 5.2.1: stalemate",
            Article::Fide5_2_2 => "FIDE 5.2.2: dead position",
            Article::Fide5_2_3 => "FIDE 5.2.3: agreement",
            Article::Fide9_2 => "FIDE 9.2: threefold repetition",
            Article::Fide9_3 => "FIDE 9.3: the fifty-move rule",
            Article::Fide9_6_1 => "FIDE 9.6.1: fivefold repetition",
            Article::Fide9_6_2 => "FIDE 9.6.2: the seventy-five-move rule",
            Article::FideC10 => "FIDE C.10: SAN names a move unambiguously",
            Article::San => "Standard algebraic notation",
            Article::SdnSyntax => "The SDN grammar (spec/SDN.md)",
            Article::FenTag => "The FEN tag: the start position",
            Article::VariantTag => "The Variant tag: which game",
            Article::ResultToken => "The result token and Result tag",
            Article::TerminationTag => "The Termination tag: how a declared end came about",
            Article::DieSeedTag => "The DieSeed and DieCommit tags: the audited die",
        }
    }

    /// The article a citation names (the inverse of [`Article::cite`]).
    pub fn from_cite(text: &str) -> Option<Article> {
        Article::ALL
            .iter()
            .copied()
            .find(|a| a.cite() == text.trim())
    }
}

impl fmt::Display for Article {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.cite())
    }
}

impl Serialize for Article {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.cite())
    }
}

impl<'de> Deserialize<'de> for Article {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Article, D::Error> {
        let text = String::deserialize(d)?;
        Article::from_cite(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown article {text:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::Article;

    #[test]
    fn every_citation_reads_back_as_its_article() {
        for &article in Article::ALL {
            assert_eq!(
                Article::from_cite(article.cite()),
                Some(article),
                "{article}"
            );
        }
        assert_eq!(Article::Art9_2.to_string(), "Art. 9.2");
        assert_eq!(Article::Fide5_1_1.to_string(), "FIDE 5.1.1");
    }
}
