//! The writers that know no rules: canonical SDN text ([`sdn`]) and JSON ([`json`]), written
//! from the record alone.

pub mod json;
mod nested;
pub mod sdn;
