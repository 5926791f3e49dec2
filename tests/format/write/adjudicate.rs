//! `convert --adjudicate` never alters a verdict and is idempotent: on every corpus game and
//! every real game of `tests/data`, adjudicating the adjudicated record gives the same bytes,
//! and the adjudicated record has the verdict of the record it came from (an invalid game stays
//! invalid at the same action, for the same reason; never valid).

use sade_ref::referee::{Status, Verdict, verify};
use sade_ref::write::adjudicate::adjudicate;

use super::{Game, corpus_files, display, parse_str, sdn};

/// The adjudicated record as canonical SDN.
fn adjudicated(game: &Game) -> String {
    sdn::to_sdn(&adjudicate(game, &verify(game)))
}

/// What must not change: the status, and the infraction or the result with how it came. The
/// place is given as (turn index, action); R15 has the writer write a bare die face before the
/// last turn as `--`, so a verdict placed on such a turn "as a whole" (action 0: nothing was
/// written) is placed on that `--` (action 1) once written back: the same place, named as R15
/// rules.
fn essence(game: &Game, verdict: &Verdict) -> String {
    let place = |turn_index: usize, action: usize| {
        let bare = game
            .turns
            .get(turn_index)
            .is_some_and(|t| t.face.is_some() && t.actions().next().is_none());
        (turn_index, if bare && action == 0 { 1 } else { action })
    };
    match (&verdict.error, verdict.status) {
        (Some(e), _) => format!(
            "invalid: {} at {:?}: {}",
            e.code,
            place(e.turn_index, e.action),
            e.reason
        ),
        (None, status) => format!(
            "{status:?}: {} {:?} {:?} {:?}",
            verdict.result.as_str(),
            verdict.winner,
            verdict.termination,
            verdict
                .ended_at
                .as_ref()
                .map(|l| l.turn_index.map(|t| place(t, l.action)))
        ),
    }
}

/// Checks every game of a text; returns how many were checked.
fn check(name: &str, text: &str, wrong: &mut Vec<String>) -> usize {
    let mut checked = 0;
    for (index, game) in parse_str(text).into_iter().enumerate() {
        let Ok(game) = game else { continue };
        let number = index + 1;
        let once = adjudicated(&game);
        let read = parse_str(&once);
        let [Ok(again)] = &read[..] else {
            wrong.push(format!(
                "{name} #{number}: the adjudicated record reads as {} games",
                read.len()
            ));
            continue;
        };
        let twice = adjudicated(again);
        if twice != once {
            wrong.push(format!(
                "{name} #{number}: a second adjudication changed the record:\n{once}\n---\n{twice}"
            ));
        }
        let (before, after) = (verify(&game), verify(again));
        if essence(&game, &before) != essence(again, &after) {
            wrong.push(format!(
                "{name} #{number}: verdict {} became {}",
                essence(&game, &before),
                essence(again, &after)
            ));
        }
        if before.status == Status::Invalid && after.status != Status::Invalid {
            wrong.push(format!("{name} #{number}: an invalid game came out valid"));
        }
        checked += 1;
    }
    checked
}

#[test]
fn adjudicating_twice_gives_the_same_bytes_and_the_same_verdict() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    let files = corpus_files("corpus", &["sdn", "pgn"])
        .into_iter()
        .chain(corpus_files("tests/data/pgn", &["pgn"]));
    for path in files {
        let bytes = std::fs::read(&path).expect("a corpus file");
        let text = String::from_utf8_lossy(&bytes);
        checked += check(&display(&path), &text, &mut wrong);
    }
    assert!(
        wrong.is_empty(),
        "{} games:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(checked > 1000, "only {checked} games checked");
}

/// Art. 17: a draw is impossible in Sade. The `1/2-1/2` token is itself the infraction, so the
/// adjudication keeps it (replaced by `*`, the game would read as unfinished and valid).
#[test]
fn a_sade_draw_token_stays_so_the_game_stays_invalid() {
    let text = "[Variant \"Sade\"]\n[Result \"1/2-1/2\"]\n\n1. 1: e5 1... 1: e4 1/2-1/2\n";
    let game = parse_str(text).remove(0).expect("a record");
    let once = adjudicated(&game);
    assert!(once.trim_end().ends_with("1/2-1/2"), "{once}");
    assert!(
        once.contains("[Termination \"rules infraction\"]"),
        "{once}"
    );
    assert!(once.contains("{sade-ref: invalid here:"), "{once}");
    let again = parse_str(&once).remove(0).expect("the adjudicated record");
    assert_eq!(verify(&again).status, Status::Invalid);
    assert_eq!(adjudicated(&again), once);
}

/// An illegal action: the comment saying so is written once, however often the record is
/// adjudicated, and the players' own differing result token is kept in a comment.
#[test]
fn the_invalid_here_comment_is_written_once() {
    let text = "[Variant \"Sade\"]\n\n1. 1: e5 1... 1: Ke2 2. 1: a6 1-0\n";
    let game = parse_str(text).remove(0).expect("a record");
    let once = adjudicated(&game);
    assert_eq!(once.matches("sade-ref: invalid here").count(), 1, "{once}");
    assert!(once.contains("result token 1-0"), "{once}");
    let again = parse_str(&once).remove(0).expect("the adjudicated record");
    let twice = adjudicated(&again);
    assert_eq!(
        twice.matches("sade-ref: invalid here").count(),
        1,
        "{twice}"
    );
    assert!(
        !twice.contains("Termination \\\"rules infraction\\\"; sade"),
        "{twice}"
    );
    assert_eq!(twice, once);
}
