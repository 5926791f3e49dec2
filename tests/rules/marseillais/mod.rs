//! Marseillais chess: each ruling (M1–M7) accepted and rejected ([`rulings`]), the full-turn
//! enumerator against the referee ([`turns`]), and its perft against a second count ([`perft`]).

mod perft;
mod rulings;
mod turns;
