//! How a run went, from best to worst: the process exits with the worst.

/// How a run went, from best to worst; the process exits with the worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    Ok = 0,
    /// Some input had errors, or some game is invalid or disputed.
    Problems = 1,
    /// Something could not be done at all.
    Failed = 2,
}
