//! The session's cookie, `sade_ref_session`: set with a new session's token (`HttpOnly`,
//! `SameSite=Lax`, `Path=/`, 30 days, and `Secure` when the players reach the server over
//! https), cleared at logout, and read back from a request.

use std::time::Duration;

use axum::http::header::COOKIE;
use axum::http::{HeaderMap, HeaderValue};

/// The cookie's name.
pub const NAME: &str = "sade_ref_session";

/// How long a session lasts.
pub const LIFETIME: Duration = Duration::from_secs(30 * 24 * 60 * 60);

/// The `Set-Cookie` value that gives the browser `token` (a token is hex: always a header).
pub fn set(token: &str, secure: bool) -> HeaderValue {
    value(token, LIFETIME.as_secs(), secure)
}

/// The `Set-Cookie` value that makes the browser forget its session.
pub fn cleared(secure: bool) -> HeaderValue {
    value("", 0, secure)
}

fn value(token: &str, max_age: u64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    let text = format!("{NAME}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age}{secure}");
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The session's token a request holds: the value of its `sade_ref_session` cookie when it is
/// one the server makes (32 hex digits), else `None`.
pub fn token_in(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == NAME)
        .map(|(_, token)| token.trim())
        .filter(|t| t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cookie_is_read_among_others_and_only_when_it_is_a_token() {
        let token = "00112233445566778899aabbccddeeff";
        let mut headers = HeaderMap::new();
        let cookies = format!("theme=dark; {NAME}={token}; other=1");
        headers.insert(COOKIE, HeaderValue::from_str(&cookies).unwrap());
        assert_eq!(token_in(&headers).as_deref(), Some(token));
        headers.insert(COOKIE, HeaderValue::from_static("sade_ref_session=../x"));
        assert_eq!(token_in(&headers), None);
        let set = set(token, true);
        assert_eq!(
            set.to_str().unwrap(),
            format!("{NAME}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000; Secure")
        );
        assert!(cleared(false).to_str().unwrap().ends_with("Max-Age=0"));
    }
}
