//! The Course mode of `sade-ref serve` (spec/COURSE.md): the stages and their lessons, a lesson played
//! as an ordinary game of the server, help in its order (a hint, then the solution after two
//! tries), and each learner's progress and stars.
//!
//! A lesson is started as a game created from the lesson's position through [`crate::serve::new_game::new_game`]
//! (record mode, the die entered) and, in Sade, its face entered by the server through
//! [`Live::roll`]: every click is then judged by the referee as in play, and a refused action
//! comes back with its Article. `POST /api/course/{game}/judge` reads the game's record, never
//! what the browser says was played, and judges it with [`crate::course::judge_game`]; an action
//! the board refused is played again by the server on a copy of the game, so that the referee
//! says why, in the lesson's panel. A learner is an id the browser keeps; each learner's tries,
//! help and stars are kept in `course-progress.json` in the data folder, written atomically.
//! Lesson games are not listed among the server's games.

// The floors of serve/course/, from the bottom up (src/layers/ holds every file to them):
// 0. `answers`: what the mode answers.
// 1. `learners`, `lessons`: the learners kept; the lessons as games of the server.
// 2. `routes`: the handlers.
// 3. `mod.rs`: what the rest of the server uses of it.

pub mod answers;
pub mod learners;
pub mod lessons;
pub mod routes;

pub use answers::*;
pub use learners::TRIES_BEFORE_SOLUTION;
