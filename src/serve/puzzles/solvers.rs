//! The Puzzles mode's players, kept beside the games (one document a player, under one lock):
//! read, saved, and their attempts left for another puzzle counted and closed.

use std::sync::Mutex;

use crate::puzzles::rating::Solver;
use crate::puzzles::{Puzzle, judge};
use crate::serve::error::ApiError;
use crate::serve::http::{App, GAME, Shared, find_as, held};
use crate::serve::live::Live;
use crate::serve::store::Doc;
use crate::serve::view::{DrawnAction, drawn_turn};

use super::answers::PuzzleLeft;

/// The committed puzzles, read once.
pub fn all() -> &'static [Puzzle] {
    crate::puzzles::shipped()
}

/// One player's progress at a time: the file is read, changed and written under this lock.
pub(super) static PROGRESS: Mutex<()> = Mutex::new(());

pub(super) fn load(app: &App, player: &str) -> Result<Solver, ApiError> {
    match app.store.read(Doc::Solver(player)) {
        Ok(Some(text)) => serde_json::from_str(&text)
            .map_err(|e| ApiError::internal(format!("the player's progress is unreadable: {e}"))),
        Ok(None) | Err(_) => Err(ApiError::not_found("player", format!("no player {player}"))),
    }
}

/// Keeps the player's progress (written atomically, as the games are).
pub(super) fn save(app: &App, player: &str, progress: &Solver) -> Result<(), ApiError> {
    let text =
        serde_json::to_string_pretty(progress).map_err(|e| ApiError::internal(e.to_string()))?;
    app.store
        .write(Doc::Solver(player), &text)
        .map_err(|e| ApiError::unsaved(format!("the player's progress could not be saved: {e}")))
}

/// Closes a puzzle attempt's game once the attempt is counted: it takes no more changes
/// (`settled`), and the server keeps it so.
///
/// # Errors
/// 503 when the game cannot be saved (it is then left open).
pub(super) fn settle(app: &Shared, game: &Mutex<Live>) -> Result<(), ApiError> {
    let mut live = held(game.lock(), GAME)?;
    if live.meta.settled {
        return Ok(());
    }
    let mut next = live.clone();
    next.meta.settled = true;
    let sdn = crate::write::sdn::to_sdn(&next.game);
    app.store
        .save_game(&mut next, &sdn, true)
        .map_err(|e| app.not_kept(&next.id, e, "the puzzle's game could not be saved"))?;
    *live = next;
    let id = live.id.clone();
    drop(live);
    app.cache(&id, false);
    Ok(())
}

/// The attempts left for another puzzle (`next` asked while they were pending). One whose
/// turn is complete is judged as it stands; one begun but not complete (an action written in its
/// game) counts as failed, as a player who gives up on a puzzle has; one left untouched is
/// dropped, as a puzzle skipped. Help asked during it changes no rating, as at a judgement.
/// Each one's game is closed ([`settle`]).
///
/// # Errors
/// 503 when a game cannot be saved closed.
pub(super) fn abandon(app: &Shared, progress: &mut Solver) -> Result<Vec<PuzzleLeft>, ApiError> {
    let pending = std::mem::take(&mut progress.pending);
    let mut counted = Vec::new();
    for (game, puzzle_id) in pending {
        let Some(puzzle) = all().iter().find(|p| p.id == puzzle_id) else {
            continue;
        };
        let Ok(live) = find_as(app, "game", &game) else {
            continue;
        };
        let (record, aided) = {
            let live = held(live.lock(), GAME)?;
            (live.game.clone(), live.meta.aided)
        };
        settle(app, &live)?;
        if !record.turns.iter().any(|t| t.actions().next().is_some()) {
            continue;
        }
        let solved = matches!(judge(puzzle, &record), Ok(Some(j)) if j.solved);
        progress.count(puzzle, solved, aided, crate::serve::clock::now());
        counted.push(PuzzleLeft {
            id: puzzle.id.clone(),
            solved: solved && !aided,
            answer: puzzle.answer.clone(),
            explanation: puzzle.explanation.clone(),
        });
    }
    Ok(counted)
}

/// The puzzle's answer played by the referee from its position: its actions' squares, numbered.
pub(super) fn answer_drawn(puzzle: &Puzzle) -> Vec<DrawnAction> {
    let mut fields = puzzle.fen.split_whitespace();
    let black = fields.nth(1) == Some("b");
    let number = fields.nth(3).unwrap_or("1");
    let label = if black {
        format!("{number}...")
    } else {
        format!("{number}.")
    };
    let face = puzzle.face.map(|f| format!(" {f}:")).unwrap_or_default();
    let text = format!(
        "[Variant \"{}\"]\n[SetUp \"1\"]\n[FEN \"{}\"]\n\n{label}{face} {} *\n",
        puzzle.variant.tag(),
        puzzle.fen,
        puzzle.answer
    );
    match crate::parse::parse_str(&text).into_iter().next() {
        Some(Ok(game)) => drawn_turn(&game, &crate::referee::verify(&game), 0),
        _ => Vec::new(),
    }
}
