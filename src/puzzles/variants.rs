//! The games a puzzle is played in, and a game of puzzles read by its name.

use crate::record::Variant;

/// The games a puzzle is played in, as the JSONL file names them (`sade`, `marseillais`).
pub const VARIANTS: [Variant; 2] = [Variant::Sade, Variant::Marseillais];

/// The names of [`VARIANTS`].
pub const VARIANT_NAMES: &[&str] = &["sade", "marseillais"];

/// A game of puzzles by its name: one of [`VARIANTS`], refused otherwise as serde refuses an
/// unknown name.
///
/// # Errors
/// serde's "unknown variant" error, listing [`VARIANT_NAMES`].
pub fn variant_named<E: serde::de::Error>(name: &str) -> Result<Variant, E> {
    VARIANTS
        .into_iter()
        .find(|v| v.name() == name)
        .ok_or_else(|| E::unknown_variant(name, VARIANT_NAMES))
}
