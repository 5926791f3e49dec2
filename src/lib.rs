//! sade-ref: the referee and record toolkit for Marquis de Sade chess, Marseillais chess and
//! standard chess.
//!
//! The pipeline, one module a step: text → [`parse`] → [`record`] → [`referee`] (with the
//! [`rules`] of each game) → verdict, and [`write`] for canonical SDN and JSON.

pub mod arbiter;
pub mod diagnostic;
pub mod parse;
pub mod record;
pub mod referee;
pub mod render;
pub mod report;
pub mod rules;
pub mod write;
