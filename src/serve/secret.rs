//! Secrets from the operating system's CSPRNG (getrandom): seat tokens, the auditable die's
//! seed, the bots' seeds; and the comparison of a token in constant time.

use super::error::ApiError;

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
