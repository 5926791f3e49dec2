//! Secrets from the operating system's CSPRNG (getrandom): seat tokens, the auditable die's
//! seed, the bots' seeds; a token as the database keeps it (its hash); and the comparison of a
//! token in constant time.

use sha2::{Digest, Sha256};

use super::error::ApiError;

/// How a kept token's hash begins.
const HASHED: &str = "sha256:";

/// A token as the database keeps it: `sha256:` and the hex of its SHA-256, so that a copy of
/// the database cannot act in a game. A token already kept so is returned as it is. (A token
/// is 128 random bits: a hash without salt or stretching is as strong as the token.)
pub fn kept(token: &str) -> String {
    if token.starts_with(HASHED) {
        return token.to_owned();
    }
    let digest = Sha256::digest(token.as_bytes());
    let mut out = String::with_capacity(HASHED.len() + 64);
    out.push_str(HASHED);
    for byte in digest {
        out.push_str(&format!("{byte:02x}"));
    }
    out
}

/// Whether `given` (a token a request holds) is the token kept as `held` (the token itself,
/// or its hash when read back from the database), compared in constant time.
pub fn holds(given: &str, held: &str) -> bool {
    if held.starts_with(HASHED) {
        !given.starts_with(HASHED) && same(&kept(given), held)
    } else {
        same(given, held)
    }
}

/// Compares two tokens in time that does not depend on where they differ.
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// 32 bytes from the operating system's CSPRNG.
pub fn random_seed() -> [u8; 32] {
    let mut bytes = [0u8; 32];
    // The system generator does not fail on the systems sade-ref runs on; if it ever did, the
    // zero seed only makes a bot's choice predictable, never a token (see `token`).
    let _ = getrandom::fill(&mut bytes);
    bytes
}

/// A fresh secret: 128 bits from the system's CSPRNG, in hex.
///
/// # Errors
/// When the system's generator fails: no token is made from anything weaker.
pub fn token() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::internal(format!("the system's random generator failed: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_held_as_itself_or_as_its_hash_and_a_hash_is_no_token() {
        let token = "00112233445566778899aabbccddeeff";
        let hash = kept(token);
        assert_eq!(hash.len(), "sha256:".len() + 64);
        assert_eq!(kept(&hash), hash, "a hash is kept as it is");
        assert!(holds(token, token));
        assert!(holds(token, &hash));
        assert!(
            !holds(&hash, &hash),
            "the hash read from a copy acts in no game"
        );
        assert!(!holds("00112233445566778899aabbccddeefe", &hash));
    }
}
