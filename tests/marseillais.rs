//! Marseillais chess (M1–M7).
