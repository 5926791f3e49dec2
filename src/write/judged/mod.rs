//! The writers that call the referee: the record with the referee's adjudication written in
//! ([`adjudicate`]) and the annotated JSON ([`annotated`]).

pub mod adjudicate;
pub mod annotated;
