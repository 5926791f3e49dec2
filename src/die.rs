//! The auditable die: every face of a game follows from a published seed.
//!
//! A record that carries `[DieSeed "…"]` says that the face of each turn is the one the seed
//! gives (spec/SDN.md, "The auditable die"):
//!
//! - the face of the record's `n`-th turn (`n` counts the turns of the main line from 1) is read
//!   from `SHA-256(seed ":" n)`, the seed's UTF-8 bytes, a colon and `n` in decimal;
//! - the digest's bytes are read in order and the first byte `b < 252` gives the face
//!   `b % 6 + 1` (252 is the largest multiple of 6 up to 256, so every face is equally likely);
//! - if all 32 bytes are 252 or more, the digest is hashed again (`SHA-256` of its 32 bytes) and
//!   read the same way.
//!
//! `[DieCommit "…"]` is the lowercase hex SHA-256 of the seed's UTF-8 bytes: an organiser
//! publishes it before the game and reveals the seed after it.
//!
//! [`audit`] is the referee's check of a record against these tags: the first turn whose face
//! does not follow is an error, `die-mismatch`; a seed that does not match its commitment is an
//! error at the tags, `die-commit-mismatch` (the fault codes [`FaultCode::DieMismatch`] and
//! [`FaultCode::DieCommitMismatch`], Article "DieSeed tag").

use sha2::{Digest, Sha256};
use shakmaty::Color;

use crate::record::{Face, Game, Side};
use crate::rules::{Article, FaultCode, Replay, ReplayStatus, Violation};

/// The face of the `n`-th turn (counted from 1) of a game with this seed.
pub fn face(seed: &str, n: u64) -> Face {
    Die::new(seed).face(n)
}

/// The faces of one seed's turns. Each face is read from `SHA-256(seed ":" n)`; where that
/// message fits one block with its padding (55 bytes at most: nearly always), the block is laid
/// out by hand (FIPS 180-4, 5.1.1) with the seed and the colon written once, and each turn's
/// digest is one compression of it with the turn's digits (`sha2::block_api::compress256`),
/// without the hasher's buffering and padding (which cost as much as the compression itself in
/// a Sade `verify`). A longer message goes through the hasher.
struct Die<'a> {
    seed: &'a str,
    /// The block with the seed and the colon, when they leave room for the digits of any turn
    /// and the padding.
    block: Option<[u8; 64]>,
}

/// SHA-256's initial hash value (FIPS 180-4, 5.3.3).
const SHA256_IV: [u32; 8] = [
    0x6a09_e667,
    0xbb67_ae85,
    0x3c6e_f372,
    0xa54f_f53a,
    0x510e_527f,
    0x9b05_688c,
    0x1f83_d9ab,
    0x5be0_cd19,
];

/// The digits of the largest turn number (`u64::MAX`).
const MOST_DIGITS: usize = 20;

impl<'a> Die<'a> {
    fn new(seed: &'a str) -> Die<'a> {
        let prefix = seed.len() + 1;
        let block = (prefix + MOST_DIGITS <= 55).then(|| {
            let mut block = [0u8; 64];
            block[..seed.len()].copy_from_slice(seed.as_bytes());
            block[seed.len()] = b':';
            block
        });
        Die { seed, block }
    }

    /// The face of the `n`-th turn.
    fn face(&self, n: u64) -> Face {
        face_of(self.digest(n))
    }

    /// `SHA-256(seed ":" n)`, `n` in decimal.
    fn digest(&self, n: u64) -> [u8; 32] {
        match self.block {
            Some(block) => compress(&lay(block, self.seed.len() + 1, n)),
            None => self.hashed(n),
        }
    }

    /// The message's digest through the hasher (a seed too long for one block).
    fn hashed(&self, n: u64) -> [u8; 32] {
        let mut hasher = Sha256::new();
        hasher.update(self.seed.as_bytes());
        hasher.update(b":");
        hasher.update(n.to_string().as_bytes());
        hasher.finalize().into()
    }

    /// The faces of turns `first`, `first + 1`, … into `faces` (at most [`BATCH`]). The blocks
    /// are all laid out before the first is hashed: a block hashed right after its bytes are
    /// written waits for them to reach the cache (a load that spans several smaller stores is
    /// not forwarded from them), which took a third of the die's time outside the compression
    /// (perf).
    fn faces(&self, first: u64, faces: &mut [Face]) {
        let Some(block) = self.block else {
            for (face, n) in faces.iter_mut().zip(first..) {
                *face = self.face(n);
            }
            return;
        };
        let mut blocks = [[0u8; 64]; BATCH];
        for (laid, n) in blocks.iter_mut().zip(first..).take(faces.len()) {
            *laid = lay(block, self.seed.len() + 1, n);
        }
        for (face, block) in faces.iter_mut().zip(&blocks) {
            *face = face_of(compress(block));
        }
    }
}

/// The faces [`check`] asks of the die at once.
const BATCH: usize = 8;

/// The block of `SHA-256(seed ":" n)`: `block` holds the seed and the colon, the digits of `n`
/// start at `start`; the padding follows them (FIPS 180-4, 5.1.1).
fn lay(mut block: [u8; 64], start: usize, n: u64) -> [u8; 64] {
    let digits = n.checked_ilog10().map_or(1, |log| log as usize + 1);
    let end = start + digits;
    let mut rest = n;
    for at in (start..end).rev() {
        // The last decimal digit of `rest`, as ASCII (`rest % 10` is below 10).
        block[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    block[end] = 0x80;
    block[56..].copy_from_slice(&(end as u64 * 8).to_be_bytes());
    block
}

/// The face a digest gives (hashed again while every byte is 252 or more).
fn face_of(mut digest: [u8; 32]) -> Face {
    loop {
        if let Some(b) = digest.iter().find(|&&b| b < 252) {
            return Face::ALL[usize::from(b % 6)];
        }
        digest = Sha256::digest(digest).into();
    }
}

/// The digest of one padded block.
fn compress(block: &[u8; 64]) -> [u8; 32] {
    let mut state = SHA256_IV;
    sha2::block_api::compress256(&mut state, std::slice::from_ref(block));
    let mut digest = [0u8; 32];
    for (bytes, word) in digest.chunks_exact_mut(4).zip(state) {
        bytes.copy_from_slice(&word.to_be_bytes());
    }
    digest
}

/// The commitment to a seed: the lowercase hex SHA-256 of its UTF-8 bytes.
pub fn commit(seed: &str) -> String {
    hex(&Sha256::digest(seed.as_bytes()))
}

/// Lowercase hex, two digits a byte (written without a `format!` a byte: `verify` writes the
/// commitment of every game's seed).
fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(2 * bytes.len());
    for &b in bytes {
        text.push(char::from(DIGITS[usize::from(b >> 4)]));
        text.push(char::from(DIGITS[usize::from(b & 0xf)]));
    }
    text
}

/// What is wrong with a record's die.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DieError {
    /// The seed's SHA-256 is not the commitment (hex compared without regard to case).
    Commitment { commit: String, actual: String },
    /// The first turn (0-based index in the main line) whose face does not follow.
    Face {
        turn_index: usize,
        written: Face,
        expected: Face,
    },
}

/// Checks the faces written (`faces[i]`: the face of the main line's turn `i`, `None` when the
/// turn has none) against the seed and the seed against the commitment. Without a seed there
/// is nothing to check.
pub fn check(
    seed: Option<&str>,
    commitment: Option<&str>,
    faces: impl IntoIterator<Item = Option<Face>>,
) -> Result<(), DieError> {
    let Some(seed) = seed else {
        return Ok(());
    };
    if let Some(commitment) = commitment {
        let actual = commit(seed);
        if !commitment.trim().eq_ignore_ascii_case(&actual) {
            return Err(DieError::Commitment {
                commit: commitment.trim().to_owned(),
                actual,
            });
        }
    }
    let die = Die::new(seed);
    // The faces the seed gives, a batch at a time (no more than the turns left, where the
    // iterator knows how many).
    let mut expected_faces = [Face::One; BATCH];
    let mut faces = faces.into_iter().enumerate();
    while let Some((turn_index, written)) = faces.next() {
        let at = turn_index % BATCH;
        if at == 0 {
            let left = faces.size_hint().1.map_or(BATCH, |rest| rest + 1);
            die.faces(
                turn_index as u64 + 1,
                &mut expected_faces[..left.min(BATCH)],
            );
        }
        let Some(written) = written else { continue };
        let expected = expected_faces[at];
        if written != expected {
            return Err(DieError::Face {
                turn_index,
                written,
                expected,
            });
        }
    }
    Ok(())
}

/// The referee's die check: a replay whose record breaks its die tags becomes invalid at the
/// first turn whose face does not follow (when the replay found no fault in an earlier turn),
/// or at the tags when the seed does not match its commitment. Turns after the end of the game
/// are not checked.
pub fn audit(game: &Game, mut replay: Replay) -> Replay {
    // The turns to check: up to the end of the game, or up to the referee's first fault, its
    // turn included (the roll comes before anything the turn holds).
    let checked = match &replay.outcome {
        // Ended in the start position (`None`): no turn is played.
        ReplayStatus::Finished { at, .. } => at.map_or(0, |at| at.turn_index + 1),
        ReplayStatus::Invalid(error) => error.turn_index + 1,
        ReplayStatus::Unfinished => usize::MAX,
    };
    let faces = game
        .turns
        .iter()
        .take(checked)
        .map(|t| t.face.map(|f| f.value));
    let error = match check(game.tag("DieSeed"), game.tag("DieCommit"), faces) {
        Ok(()) => return replay,
        Err(error) => error,
    };
    let tag_span = |name: &str| {
        game.tags
            .iter()
            .find(|t| t.name == name)
            .map_or(game.span, |t| t.span)
    };
    let violation = match error {
        DieError::Commitment { commit, actual } => {
            let first = game.turns.first();
            Violation {
                code: FaultCode::DieCommitMismatch,
                label: first.map(|t| t.number),
                turn: first.map_or(1, |t| t.number.number),
                side: first.map_or(Color::White, |t| side_color(t.number.side)),
                face: first.and_then(|t| t.face.map(|f| f.value)),
                action: 0,
                turn_index: 0,
                reason: format!(
                    "the DieSeed's SHA-256 is {actual}, but DieCommit \
                     is {commit}: the seed revealed is not the one committed to"
                ),
                article: Article::DieSeedTag,
                span: tag_span("DieCommit"),
            }
        }
        DieError::Face {
            turn_index,
            written,
            expected,
        } => {
            let turn = &game.turns[turn_index];
            Violation {
                code: FaultCode::DieMismatch,
                label: Some(turn.number),
                turn: turn.number.number,
                side: side_color(turn.number.side),
                face: Some(written),
                action: 0,
                turn_index,
                reason: format!(
                    "turn {} shows face {written}, but the DieSeed gives face \
                     {expected} for the record's turn {} (SHA-256 of \"seed:{}\")",
                    turn.number,
                    turn_index + 1,
                    turn_index + 1
                ),
                article: Article::DieSeedTag,
                span: turn.face.map_or(turn.span, |f| f.span),
            }
        }
    };
    replay.outcome = ReplayStatus::Invalid(violation);
    replay
}

fn side_color(side: Side) -> Color {
    Color::from(side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_hex_sha256_of_the_seed() {
        // SHA-256("abc"), FIPS 180-2 appendix B.1.
        assert_eq!(
            commit("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn faces_agree_with_an_independent_implementation() {
        // Python's hashlib: next(b for b in sha256(f"7-1:{n}".encode()).digest() if b < 252)
        // % 6 + 1 for n = 1..10.
        let faces: Vec<u8> = (1..=10).map(|n| face("7-1", n).get()).collect();
        assert_eq!(faces, [5, 3, 2, 6, 6, 3, 6, 1, 4, 3]);
    }

    #[test]
    fn the_message_is_the_seed_a_colon_and_the_turn_in_decimal() {
        for n in [0, 1, 9, 10, 99, 100, 12_345, u64::from(u32::MAX), u64::MAX] {
            let digest = Sha256::digest(format!("7-1:{n}").as_bytes());
            let first = digest.iter().find(|&&b| b < 252).map(|b| b % 6 + 1);
            // A digest with no byte below 252 is rehashed; none of these is one.
            assert_eq!(Some(face("7-1", n).get()), first, "turn {n}");
        }
    }

    #[test]
    fn a_digest_is_the_hashers_for_every_length_of_seed() {
        // Seeds of 0 to 60 bytes: the block laid out by hand up to 34 (34 + colon + 20 digits
        // = 55), the hasher beyond; turns of every number of digits.
        let text: String = (0u8..70).map(|i| char::from(b'!' + i)).collect();
        for len in 0..=60 {
            let seed = &text[..len];
            let die = Die::new(seed);
            assert_eq!(die.block.is_some(), len <= 34, "{len}");
            for n in [0, 1, 9, 10, 99, 100, 12_345, u64::from(u32::MAX), u64::MAX] {
                let want: [u8; 32] = Sha256::digest(format!("{seed}:{n}").as_bytes()).into();
                assert_eq!(die.digest(n), want, "seed of {len} bytes, turn {n}");
            }
        }
    }

    #[test]
    fn a_seed_too_long_for_one_block_gives_the_same_faces() {
        // 60 bytes of seed: the message no longer fits one block, and the hasher takes it.
        let seed = "s".repeat(60);
        for n in 1..=20 {
            let digest = Sha256::digest(format!("{seed}:{n}").as_bytes());
            let first = digest.iter().find(|&&b| b < 252).map(|b| b % 6 + 1);
            assert_eq!(Some(face(&seed, n).get()), first, "turn {n}");
        }
    }

    #[test]
    fn faces_are_read_from_the_first_byte_below_252() {
        // SHA-256("abc:1") starts with a byte below 252; its face is that byte % 6 + 1.
        let digest = Sha256::digest(b"abc:1");
        let first = digest.iter().copied().find(|&b| b < 252).unwrap();
        assert_eq!(face("abc", 1).get(), first % 6 + 1);
    }

    #[test]
    fn faces_are_roughly_uniform() {
        let mut counts = [0u32; 6];
        for n in 1..=6000 {
            counts[usize::from(face("uniform", n).get()) - 1] += 1;
        }
        // 1000 expected per face; 6 standard deviations is about 55.
        assert!(
            counts.iter().all(|&c| (900..=1100).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn check_finds_the_first_turn_that_does_not_follow() {
        let faces: Vec<Option<Face>> = (1..=5).map(|n| Some(face("s", n))).collect();
        assert_eq!(check(Some("s"), None, faces.clone()), Ok(()));
        let mut changed = faces.clone();
        let written = Face::ALL[usize::from(changed[3].unwrap().get() % 6)];
        changed[3] = Some(written);
        assert_eq!(
            check(Some("s"), None, changed),
            Err(DieError::Face {
                turn_index: 3,
                written,
                expected: faces[3].unwrap(),
            })
        );
        assert_eq!(check(None, None, [Some(Face::Six)]), Ok(()));
    }

    #[test]
    fn check_reads_the_faces_a_batch_at_a_time_as_one_by_one() {
        // Games of 0 to 30 turns (across batches of 8), turns without a face among them, a
        // seed laid out by hand and one through the hasher, an iterator that knows its length
        // and one that does not: each wrong face is found at its own turn.
        for seed in ["batch", &"long".repeat(15)] {
            for turns in 0..=30 {
                let faces: Vec<Option<Face>> = (1..=turns)
                    .map(|n| (n % 7 != 3).then(|| face(seed, n)))
                    .collect();
                let unsized_faces = |faces: Vec<Option<Face>>| {
                    let mut rest = faces.into_iter();
                    std::iter::from_fn(move || rest.next())
                };
                assert_eq!(check(Some(seed), None, faces.clone()), Ok(()));
                assert_eq!(
                    check(Some(seed), None, unsized_faces(faces.clone())),
                    Ok(())
                );
                for wrong in (0..faces.len()).filter(|&i| faces[i].is_some()) {
                    let expected = faces[wrong].unwrap();
                    let written = Face::ALL[usize::from(expected.get() % 6)];
                    let mut changed = faces.clone();
                    changed[wrong] = Some(written);
                    let error = Err(DieError::Face {
                        turn_index: wrong,
                        written,
                        expected,
                    });
                    assert_eq!(check(Some(seed), None, changed.clone()), error);
                    assert_eq!(check(Some(seed), None, unsized_faces(changed)), error);
                }
            }
        }
    }

    #[test]
    fn check_holds_the_seed_to_its_commitment() {
        let c = commit("s");
        assert_eq!(check(Some("s"), Some(&c.to_uppercase()), []), Ok(()));
        assert!(matches!(
            check(Some("t"), Some(&c), []),
            Err(DieError::Commitment { .. })
        ));
    }
}
