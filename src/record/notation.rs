//! Move tokens: SAN (read leniently, written canonically) and UCI.
//!
//! Both are serialized as their canonical text, like shakmaty's own notation types.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shakmaty::{CastlingSide, File, Rank, Role, Square};

/// A move in Standard Algebraic Notation, as far as the text says it.
///
/// Read leniently (see `spec/SDN.md`): `0-0` and `O-O` castle, `e8Q` and `e8=Q` promote,
/// `Pe4`, `e2-e4` and `ed5` name pawn moves. Written canonically: `O-O`, `e8=Q`, `e4`, `exd5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanMove {
    Normal {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
    Castle(CastlingSide),
}

/// Why a token is not a SAN or UCI move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a move in SAN or UCI")]
pub struct InvalidMoveToken;

impl SanMove {
    /// Reads one SAN token without its check or annotation suffix (`Nf3`, `exd5`, `e8=Q`,
    /// `O-O`), accepting the lenient spellings listed in `spec/SDN.md`.
    ///
    /// # Errors
    /// [`InvalidMoveToken`] when the text is not a SAN move.
    pub fn from_ascii(text: &[u8]) -> Result<SanMove, InvalidMoveToken> {
        match SanMove::common(text) {
            Some(san) => Ok(san),
            None => SanMove::general(text),
        }
    }

    /// Any SAN token, read leniently (see [`SanMove::from_ascii`]).
    fn general(text: &[u8]) -> Result<SanMove, InvalidMoveToken> {
        match text {
            b"O-O" | b"0-0" | b"o-o" => return Ok(SanMove::Castle(CastlingSide::KingSide)),
            b"O-O-O" | b"0-0-0" | b"o-o-o" => return Ok(SanMove::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        let mut rest = text;
        let role = match rest.first() {
            Some(&c) if c.is_ascii_uppercase() && c != b'O' => {
                rest = &rest[1..];
                Role::from_char(char::from(c)).ok_or(InvalidMoveToken)?
            }
            _ => Role::Pawn,
        };
        // Promotion at the end: `=Q`, `Q`, `=q`, `q` (the last only after a rank 1 or 8 square).
        let mut promotion = None;
        if let [head @ .., last] = rest
            && last.is_ascii_alphabetic()
            && !(b'a'..=b'h').contains(last)
        {
            let piece =
                Role::from_char(char::from(last.to_ascii_uppercase())).ok_or(InvalidMoveToken)?;
            // A king is a promotion in antichess: legality is the referee's business.
            if piece == Role::Pawn {
                return Err(InvalidMoveToken);
            }
            promotion = Some(piece);
            rest = head.strip_suffix(b"=").unwrap_or(head);
        }
        // Destination square: the last two bytes.
        let [head @ .., f, r] = rest else {
            return Err(InvalidMoveToken);
        };
        let to = Square::from_ascii(&[*f, *r]).map_err(|_| InvalidMoveToken)?;
        // What is left: an optional origin (file, rank or both) and `x`, `:` or `-`.
        let mut head = head;
        let mut capture = false;
        if let [h @ .., sep] = head {
            match sep {
                b'x' | b'X' | b':' => {
                    capture = true;
                    head = h;
                }
                b'-' => head = h,
                _ => {}
            }
        }
        let (file, rank) = match head {
            [] => (None, None),
            [c] if (b'a'..=b'h').contains(c) => (Some(File::new(u32::from(c - b'a'))), None),
            [c] if (b'1'..=b'8').contains(c) => (None, Some(Rank::new(u32::from(c - b'1')))),
            [f, r] if (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r) => (
                Some(File::new(u32::from(f - b'a'))),
                Some(Rank::new(u32::from(r - b'1'))),
            ),
            _ => return Err(InvalidMoveToken),
        };
        // `ed5`: a pawn named by its file alone always captures.
        if role == Role::Pawn && file.is_some() && rank.is_none() {
            capture = true;
        }
        if promotion.is_some() && role != Role::Pawn {
            return Err(InvalidMoveToken);
        }
        Ok(SanMove::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// The shapes most moves are written in, read without the general reading's tests (which
    /// read them the same): `e4`, `Nf3`, `Nxf3`, `exd5`, `Nbd7`, `R1e2`. `None` for any other.
    #[inline]
    fn common(text: &[u8]) -> Option<SanMove> {
        let piece = |c: u8| match c {
            b'N' => Some(Role::Knight),
            b'B' => Some(Role::Bishop),
            b'R' => Some(Role::Rook),
            b'Q' => Some(Role::Queen),
            b'K' => Some(Role::King),
            _ => None,
        };
        let square = |f: u8, r: u8| {
            (matches!(f, b'a'..=b'h') && matches!(r, b'1'..=b'8')).then(|| {
                Square::from_coords(
                    File::new(u32::from(f - b'a')),
                    Rank::new(u32::from(r - b'1')),
                )
            })
        };
        let normal = |role, file, rank, capture, to| SanMove::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion: None,
        };
        match *text {
            [f, r] => Some(normal(Role::Pawn, None, None, false, square(f, r)?)),
            [p, f, r] => Some(normal(piece(p)?, None, None, false, square(f, r)?)),
            [p, b'x', f, r] => {
                let to = square(f, r)?;
                match p {
                    b'a'..=b'h' => Some(normal(
                        Role::Pawn,
                        Some(File::new(u32::from(p - b'a'))),
                        None,
                        true,
                        to,
                    )),
                    _ => Some(normal(piece(p)?, None, None, true, to)),
                }
            }
            [p, d @ b'a'..=b'h', f, r] => Some(normal(
                piece(p)?,
                Some(File::new(u32::from(d - b'a'))),
                None,
                false,
                square(f, r)?,
            )),
            [p, d @ b'1'..=b'8', f, r] => Some(normal(
                piece(p)?,
                None,
                Some(Rank::new(u32::from(d - b'1'))),
                false,
                square(f, r)?,
            )),
            _ => None,
        }
    }

    /// The piece that moves: a king when castling.
    pub fn role(self) -> Role {
        match self {
            SanMove::Normal { role, .. } => role,
            SanMove::Castle(_) => Role::King,
        }
    }
}

impl fmt::Display for SanMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SanMove::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            SanMove::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
            SanMove::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                // A pawn move with an origin rank keeps its `P`: `Pe2e4` (read as LAN `e2-e4`)
                // cannot be mistaken for the UCI move `e2e4`, nor `P3d4` for move number 3.
                if role != Role::Pawn || rank.is_some() {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = file {
                    write!(f, "{}", file.char())?;
                }
                if let Some(rank) = rank {
                    write!(f, "{}", rank.char())?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(promotion) = promotion {
                    write!(f, "={}", promotion.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

/// A move in UCI notation: origin, destination, promotion (`g1f3`, `e7e8q`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UciMove {
    pub from: Square,
    pub to: Square,
    pub promotion: Option<Role>,
}

impl UciMove {
    /// Reads `g1f3` or `e7e8q` (promotion letter in either case).
    ///
    /// # Errors
    /// [`InvalidMoveToken`] when the text is not a UCI move.
    pub fn from_ascii(text: &[u8]) -> Result<UciMove, InvalidMoveToken> {
        let (squares, promotion) = match text {
            [a, b, c, d] => ([*a, *b, *c, *d], None),
            [a, b, c, d, p] => {
                let role =
                    Role::from_char(char::from(p.to_ascii_lowercase())).ok_or(InvalidMoveToken)?;
                if matches!(role, Role::Pawn | Role::King) {
                    return Err(InvalidMoveToken);
                }
                ([*a, *b, *c, *d], Some(role))
            }
            _ => return Err(InvalidMoveToken),
        };
        let from = Square::from_ascii(&squares[..2]).map_err(|_| InvalidMoveToken)?;
        let to = Square::from_ascii(&squares[2..]).map_err(|_| InvalidMoveToken)?;
        Ok(UciMove {
            from,
            to,
            promotion,
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", p.char())?;
        }
        Ok(())
    }
}

/// A move read from its text by its `from_ascii` (`FromStr`), and written and read as that
/// text in JSON (serde).
macro_rules! move_as_text {
    ($ty:ident, $what:literal) => {
        impl FromStr for $ty {
            type Err = InvalidMoveToken;
            fn from_str(s: &str) -> Result<$ty, InvalidMoveToken> {
                $ty::from_ascii(s.as_bytes())
            }
        }
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let text = String::deserialize(d)?;
                text.parse()
                    .map_err(|_| serde::de::Error::custom(format!("{:?} is not {}", text, $what)))
            }
        }
    };
}
move_as_text!(SanMove, "a SAN move");
move_as_text!(UciMove, "a UCI move");

#[cfg(test)]
mod tests {
    use super::*;

    /// The common shapes read fast are read as the general reading reads them: every token of
    /// two to four bytes over the bytes SAN is written with.
    #[test]
    fn common_shapes_read_as_the_general_reading() {
        let alphabet = b"abehxNBRQKP1458-=O:";
        let mut tokens: Vec<Vec<u8>> = vec![Vec::new()];
        let mut checked = 0;
        for _ in 0..4 {
            tokens = tokens
                .iter()
                .flat_map(|t| {
                    alphabet.iter().map(move |&c| {
                        let mut t = t.clone();
                        t.push(c);
                        t
                    })
                })
                .collect();
            for token in &tokens {
                if let Some(san) = SanMove::common(token) {
                    checked += 1;
                    assert_eq!(SanMove::general(token), Ok(san), "{token:?}");
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }

    fn san(s: &str) -> String {
        SanMove::from_ascii(s.as_bytes())
            .map(|m| m.to_string())
            .unwrap_or_else(|_| "error".into())
    }

    #[test]
    fn canonical_san_reads_back_as_itself() {
        for s in [
            "Nf3", "exd5", "e8=Q", "O-O", "O-O-O", "Ngf3", "N1f3", "Qh4xe1", "bxa8=N", "Kxe2",
            "Pe2e4", "P3xd4",
        ] {
            assert_eq!(san(s), s);
        }
    }

    #[test]
    fn lenient_spellings_become_canonical() {
        assert_eq!(san("0-0"), "O-O");
        assert_eq!(san("0-0-0"), "O-O-O");
        assert_eq!(san("e8Q"), "e8=Q");
        assert_eq!(san("e8q"), "e8=Q");
        assert_eq!(san("Pe4"), "e4");
        assert_eq!(san("Pxd5"), "xd5");
        assert_eq!(san("ed5"), "exd5");
        assert_eq!(san("e2-e4"), "Pe2e4");
        assert_eq!(san("Ng1-f3"), "Ng1f3");
        assert_eq!(san("e:d5"), "exd5");
    }

    #[test]
    fn not_san() {
        for s in [
            "", "x", "Zf3", "e9", "i4", "Nf3=Q", "e8=P", "Nabcf3", "=Q", "e",
        ] {
            assert_eq!(san(s), "error", "{s}");
        }
    }

    #[test]
    fn uci() {
        assert_eq!(UciMove::from_ascii(b"g1f3").unwrap().to_string(), "g1f3");
        assert_eq!(UciMove::from_ascii(b"e7e8Q").unwrap().to_string(), "e7e8q");
        assert!(UciMove::from_ascii(b"e7e8k").is_err());
        assert!(UciMove::from_ascii(b"e7e9").is_err());
    }
}
