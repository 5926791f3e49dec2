//! An account's name and password: the rules they follow, and the password's hash, Argon2id
//! with argon2's default parameters (OWASP's m=19456 KiB, t=2, p=1) and a random salt, kept as a
//! PHC string. A login for a name no account has is verified against a hash of no password
//! ([`DUMMY`]), so that it costs what a login for a known name costs: names cannot be probed by
//! timing.

use std::ops::RangeInclusive;

use argon2::{Argon2, PasswordHasher, PasswordVerifier};

/// Characters of a name.
pub const NAME_LENGTH: RangeInclusive<usize> = 3..=20;

/// Characters of a password.
pub const PASSWORD_LENGTH: RangeInclusive<usize> = 8..=256;

/// How every guest's name begins (`Guest-3fa2c1`): no account's may.
pub const GUEST_PREFIX: &str = "Guest-";

/// The hash a login for an unknown name is verified against: made with the same parameters as
/// every account's (a test holds it to them), of a password no one is asked for.
pub const DUMMY: &str = "$argon2id$v=19$m=19456,t=2,p=1$aFYfmEuGZCh8IViqa/TztQ$j0x8b+NOVI+RPFxmfq+AxAnvM0Ip1wh3qBqlvXG8prs";

/// Why a name or a password is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("a name has 3 to 20 characters")]
    NameLength,
    #[error("a name is made of the letters A-Z and a-z, the digits, _ and -")]
    NameCharacters,
    #[error("a name beginning with Guest- is a guest's: choose another")]
    GuestName,
    #[error("a password has 8 to 256 characters")]
    PasswordLength,
}

impl Refused {
    /// The request's field at fault.
    pub fn field(self) -> &'static str {
        match self {
            Refused::NameLength | Refused::NameCharacters | Refused::GuestName => "name",
            Refused::PasswordLength => "password",
        }
    }
}

/// Whether `name` may be a new account's.
///
/// # Errors
/// Why it may not.
pub fn check_name(name: &str) -> Result<(), Refused> {
    if !name
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        return Err(Refused::NameCharacters);
    }
    if !NAME_LENGTH.contains(&name.len()) {
        return Err(Refused::NameLength);
    }
    if name
        .to_ascii_lowercase()
        .starts_with(&GUEST_PREFIX.to_ascii_lowercase())
    {
        return Err(Refused::GuestName);
    }
    Ok(())
}

/// Whether `password` may be a new account's.
///
/// # Errors
/// Why it may not.
pub fn check_password(password: &str) -> Result<(), Refused> {
    if PASSWORD_LENGTH.contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(Refused::PasswordLength)
    }
}

/// `password`'s hash, as kept: an Argon2id PHC string with a fresh random salt.
///
/// # Errors
/// argon2's words, when the system's generator or the hash fails.
pub fn hash(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| format!("the password cannot be hashed: {e}"))
}

/// Whether `password` is the one `kept` is the hash of; with no hash (an unknown name), it is
/// verified against [`DUMMY`] all the same, and is not.
pub fn verify(password: &str, kept: Option<&str>) -> bool {
    let verified = Argon2::default()
        .verify_password(password.as_bytes(), kept.unwrap_or(DUMMY))
        .is_ok();
    verified && kept.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The algorithm, version and parameters of a PHC string (`$argon2id$v=19$m=…,t=…,p=…`).
    fn parameters(phc: &str) -> String {
        phc.split('$').take(4).collect::<Vec<_>>().join("$")
    }

    #[test]
    fn a_password_is_kept_as_its_argon2id_hash_and_verified_against_it_only() {
        let kept = hash("correct horse battery").unwrap();
        assert!(
            kept.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{kept}"
        );
        assert!(!kept.contains("correct horse"));
        assert_ne!(
            kept,
            hash("correct horse battery").unwrap(),
            "a fresh salt each time"
        );
        assert!(verify("correct horse battery", Some(&kept)));
        assert!(!verify("correct horse batterz", Some(&kept)));
        assert!(!verify("correct horse battery", None));
        assert!(
            !verify("sade-ref: a password of no account", None),
            "the dummy's own password opens nothing"
        );
        assert_eq!(
            parameters(DUMMY),
            parameters(&kept),
            "the dummy costs the same"
        );
    }

    #[test]
    fn names_and_passwords_are_held_to_their_rules() {
        assert_eq!(check_name("Ann_e-42"), Ok(()));
        assert_eq!(check_name("ab"), Err(Refused::NameLength));
        assert_eq!(check_name(&"a".repeat(21)), Err(Refused::NameLength));
        assert_eq!(check_name("an ne"), Err(Refused::NameCharacters));
        assert_eq!(check_name("Anné"), Err(Refused::NameCharacters));
        assert_eq!(check_name("guest-abc"), Err(Refused::GuestName));
        assert_eq!(check_password("1234567"), Err(Refused::PasswordLength));
        assert_eq!(check_password("ééééééééé"), Ok(()), "characters, not bytes");
        assert_eq!(
            check_password(&"p".repeat(257)),
            Err(Refused::PasswordLength)
        );
        assert_eq!(Refused::GuestName.field(), "name");
        assert_eq!(Refused::PasswordLength.field(), "password");
    }
}
