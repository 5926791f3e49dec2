//! The engine and the bots: the search engine and its levels ([`search`]), self-play and the
//! auditable die ([`play`]), and `match` against engines spoken to over UCI ([`uci`]).

mod analysis;
mod play;
mod search;
mod uci;
