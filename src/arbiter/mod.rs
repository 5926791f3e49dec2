//! The arbiter's tools: what a player could have done ([`options`]), and where a turn stands in
//! a record ([`locate`]). The rules themselves stay in [`crate::rules`]; these modules ask the
//! referee's own search and replay, so they cannot disagree with it.

pub mod locate;
pub mod options;
