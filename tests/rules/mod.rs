//! The rules: Marquis de Sade chess ([`sade`]), Marseillais ([`marseillais`]) and Standard
//! chess ([`standard`]), each with its rulings and its perft; the corpus of rules and games and
//! the verdict each file states ([`corpus`], snapshots in `snapshots/`), the one judgement of a
//! game's end ([`game_ends`]), the second referee that judges Sade games again
//! ([`second_referee`]), and the verdict `serve` reaches turn by turn, which must be a full
//! replay's ([`serve_judge`]).

mod corpus;
mod game_ends;
mod marseillais;
pub mod sade;
mod second_referee;
mod serve_judge;
pub mod standard;
