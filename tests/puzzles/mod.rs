//! The puzzles: the `puzzles` command, the committed puzzles re-proved by the referee and
//! tampered ones refused ([`commands`]). The puzzles `serve` shows are tested in `serve/`.

mod commands;
