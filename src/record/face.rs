//! A die face, one to six: checked once where a number becomes a face (the reader, the die,
//! JSON, the web API, the command line), and trusted everywhere after.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A face of the die rolled before a Sade turn. Faces one to three ask for that many pieces
/// moved ([`Face::pieces`]); four a sacrifice, five a resurrection, six a move away from the
/// king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
#[repr(u8)]
pub enum Face {
    One = 1,
    Two = 2,
    Three = 3,
    Four = 4,
    Five = 5,
    Six = 6,
}

/// A number that is not a die face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("a die has six faces: {0} is not one of them")]
pub struct NotAFace(pub u64);

impl Face {
    /// The six faces, one to six.
    pub const ALL: [Face; 6] = [
        Face::One,
        Face::Two,
        Face::Three,
        Face::Four,
        Face::Five,
        Face::Six,
    ];

    /// The face showing `value`.
    ///
    /// # Errors
    /// [`NotAFace`] for any number but one to six.
    pub fn new(value: u64) -> Result<Face, NotAFace> {
        match value {
            1 => Ok(Face::One),
            2 => Ok(Face::Two),
            3 => Ok(Face::Three),
            4 => Ok(Face::Four),
            5 => Ok(Face::Five),
            6 => Ok(Face::Six),
            _ => Err(NotAFace(value)),
        }
    }

    /// The number on the face.
    pub fn get(self) -> u8 {
        self as u8
    }

    /// Faces one to three: how many pieces the turn moves; `None` for four to six.
    pub fn pieces(self) -> Option<u8> {
        matches!(self, Face::One | Face::Two | Face::Three).then_some(self.get())
    }
}

impl TryFrom<u8> for Face {
    type Error = NotAFace;

    fn try_from(value: u8) -> Result<Face, NotAFace> {
        Face::new(value.into())
    }
}

impl From<Face> for u8 {
    fn from(face: Face) -> u8 {
        face.get()
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_one_to_six_are_faces() {
        for (n, face) in (1..=6).zip(Face::ALL) {
            assert_eq!(Face::new(n), Ok(face));
            assert_eq!(u64::from(face.get()), n);
        }
        assert_eq!(Face::new(0), Err(NotAFace(0)));
        assert_eq!(Face::new(7), Err(NotAFace(7)));
        assert_eq!(
            NotAFace(7).to_string(),
            "a die has six faces: 7 is not one of them"
        );
    }

    #[test]
    fn a_face_is_a_number_in_json() {
        assert_eq!(serde_json::to_string(&Face::Five).unwrap(), "5");
        assert_eq!(serde_json::from_str::<Face>("2").unwrap(), Face::Two);
        let error = serde_json::from_str::<Face>("9").unwrap_err();
        assert!(
            error.to_string().contains("9 is not one of them"),
            "{error}"
        );
    }

    #[test]
    fn faces_one_to_three_count_pieces() {
        let pieces: Vec<Option<u8>> = Face::ALL.iter().map(|f| f.pieces()).collect();
        assert_eq!(pieces, [Some(1), Some(2), Some(3), None, None, None]);
    }
}
