//! corpus/rules and corpus/games: each file states the verdict the referee must reach (`; expect:`,
//! `; dispute:`). The test checks every file's statement first, reporting all mismatches at once,
//! and only then compares the insta snapshot of the verdict, so a snapshot never blesses a wrong
//! verdict.

use sade_ref::parse::parse_bytes;
use sade_ref::record::Game;
use sade_ref::referee::{Status, Verdict, verify};
use sade_ref::rules::Article;

use crate::support::{corpus_files, display, expectation, header};

/// What a corpus file says the verdict is.
#[derive(Debug)]
enum Expected {
    Finished {
        winner: Option<String>,
        termination: String,
    },
    Unfinished,
    Invalid {
        turn: String,
        action: usize,
    },
}

fn parse_expectation(text: &str) -> Result<Expected, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["finished", winner, termination] => Ok(Expected::Finished {
            winner: (*winner != "draw").then(|| (*winner).to_owned()),
            termination: (*termination).to_owned(),
        }),
        ["unfinished"] => Ok(Expected::Unfinished),
        ["invalid", turn, "action", k] => Ok(Expected::Invalid {
            turn: (*turn).to_owned(),
            action: k.parse().map_err(|_| format!("bad action index {k}"))?,
        }),
        _ => Err(format!("cannot read the expectation {text:?}")),
    }
}

/// Compares a verdict with the expectation; `None` when they agree.
fn mismatch(game: &Game, verdict: &Verdict, expected: &Expected, dispute: bool) -> Option<String> {
    let found = describe(game, verdict);
    let agrees = match expected {
        Expected::Finished {
            winner,
            termination,
        } => {
            verdict.status == Status::Finished
                && verdict
                    .winner
                    .map(|c| c.fold_wb("white", "black").to_owned())
                    == *winner
                && verdict.termination.map(|t| t.name()) == Some(termination.as_str())
        }
        Expected::Unfinished => verdict.status == Status::Unfinished,
        Expected::Invalid { turn, action } => verdict.error.as_ref().is_some_and(|e| {
            e.label.map(|l| l.to_string()).as_deref() == Some(turn.as_str()) && e.action == *action
        }),
    };
    let dispute_agrees = verdict.dispute.is_some() == dispute || verdict.status == Status::Invalid;
    (!agrees || !dispute_agrees)
        .then(|| format!("expected {expected:?} (dispute: {dispute}), found {found}"))
}

/// The verdict's Article (the ending's, or the first illegal action's) must be one of those the
/// case's `; rule:` line cites (`R9 / Art. 8`, `R10, R13`): the line is the case's claim about
/// which rule decides it. Citations that name no Article (free words) are left alone; a line
/// that cites nothing is not checked.
fn rule_mismatch(verdict: &Verdict, rule: Option<&str>) -> Option<String> {
    let rule = rule?;
    // "Art. 1, 9.2": a bare number after an Article cites another Article.
    let mut cited = Vec::new();
    let mut prefix = "";
    for part in rule.split([',', '/', ';']).map(str::trim) {
        if part.starts_with("Art.") {
            prefix = "Art. ";
        } else if part.starts_with("FIDE") {
            prefix = "FIDE ";
        } else if !part.starts_with(|c: char| c.is_ascii_digit()) {
            prefix = "";
        }
        let full = if part.starts_with(|c: char| c.is_ascii_digit()) {
            format!("{prefix}{part}")
        } else {
            part.to_owned()
        };
        cited.extend(Article::from_cite(&full));
    }
    let found = verdict
        .error
        .as_ref()
        .map(|e| e.article)
        .or(verdict.article)?;
    (!cited.is_empty() && !cited.contains(&found)).then(|| {
        format!("`; rule: {rule}` does not cite {found}, the Article the verdict rests on")
    })
}

/// The optional statements about where: `; side: white` (the side of the first illegal action,
/// the player whose turn it is, R13), `; ended: 12... action 2` or `; ended: start` (where the
/// game ended), `; note: R18` (a note that cites it).
fn locator_mismatches(verdict: &Verdict, head: &[(String, String)]) -> Vec<String> {
    let mut wrong = Vec::new();
    if let Some(side) = expectation(head, "side") {
        let found = verdict
            .error
            .as_ref()
            .map(|e| e.side.fold_wb("white", "black"));
        if found != Some(side) {
            wrong.push(format!("`; side: {side}`, the verdict names {found:?}"));
        }
    }
    if let Some(ended) = expectation(head, "ended") {
        let found = verdict.ended_at.map(|at| match at.turn {
            Some(turn) if !at.start_position => format!("{turn} action {}", at.action),
            _ => "start".to_owned(),
        });
        if found.as_deref() != Some(ended) {
            wrong.push(format!("`; ended: {ended}`, the verdict says {found:?}"));
        }
    }
    if let Some(from) = expectation(head, "void from") {
        let found = verdict.void.map(|v| match v.from.turn {
            Some(turn) => format!("{turn} action {}", v.from.action),
            None => "start".to_owned(),
        });
        if found.as_deref() != Some(from) {
            wrong.push(format!("`; void from: {from}`, the verdict says {found:?}"));
        }
    }
    if let Some(note) = expectation(head, "note")
        && !verdict.notes.iter().any(|n| n.contains(note))
    {
        wrong.push(format!(
            "`; note: {note}`, the notes are {:?}",
            verdict.notes
        ));
    }
    wrong
}

/// The verdict in one paragraph, for messages and snapshots.
pub fn describe(game: &Game, verdict: &Verdict) -> String {
    let mut text = match verdict.status {
        Status::Finished => format!(
            "finished: {} by {} ({}), result {}",
            verdict
                .winner
                .map_or("drawn", |c| c.fold_wb("White wins", "Black wins")),
            verdict.termination.map_or("?", |t| t.name()),
            verdict.article.map_or("?", |a| a.cite()),
            verdict.result.as_str()
        ),
        Status::Unfinished => format!("unfinished after {} turns", verdict.turns),
        Status::Invalid => match &verdict.error {
            Some(e) => format!(
                "invalid at turn {} ({}, face {}), action {}: {} [{}] ({})",
                e.label.map_or_else(
                    || {
                        game.turns
                            .get(e.turn_index)
                            .map_or(e.turn.to_string(), |t| t.number.to_string())
                    },
                    |l| l.to_string()
                ),
                e.side.fold_wb("White", "Black"),
                e.face.map_or("-".to_owned(), |f| f.to_string()),
                e.action,
                e.reason,
                e.article,
                e.code
            ),
            None => "invalid".to_owned(),
        },
    };
    if let Some(at) = &verdict.ended_at {
        match at.turn {
            Some(turn) => text.push_str(&format!("; ended at turn {turn}, action {}", at.action)),
            None => text.push_str("; ended in the start position"),
        }
    }
    if let Some(void) = &verdict.void {
        text.push_str(&format!("; void: {} actions", void.actions));
    }
    if let Some(dispute) = &verdict.dispute {
        text.push_str(&format!("; dispute: {dispute}"));
    }
    for note in &verdict.notes {
        text.push_str(&format!("; note: {note}"));
    }
    text
}

/// A case's header lines and its one game. An SDN or PGN case states its expectation in its
/// first `;` lines; a JSON case (one record) in the comments of its preamble, which it writes
/// first (` expect: unfinished`), the same lines as the reader makes of an SDN case's.
fn read_case(path: &std::path::Path) -> Result<(Vec<(String, String)>, Game), String> {
    let source = std::fs::read(path).map_err(|e| e.to_string())?;
    if path.extension().is_some_and(|e| e == "json") {
        let text = String::from_utf8(source).map_err(|e| e.to_string())?;
        let games = sade_ref::write::json::read_json(&text);
        let [Ok(game)] = games.as_slice() else {
            return Err(format!("expected exactly one JSON record: {games:?}"));
        };
        let head = game
            .preamble
            .iter()
            .map_while(|item| match item {
                sade_ref::record::Item::Comment(c) => c.text.trim().split_once(':'),
                _ => None,
            })
            .map(|(key, value)| (key.trim().to_owned(), value.trim().to_owned()))
            .collect();
        return Ok((head, game.clone()));
    }
    let head = header(&source);
    let games = parse_bytes(&source);
    let [Ok(game)] = games.as_slice() else {
        return Err(format!(
            "expected exactly one game that reads without a syntax error: {games:?}"
        ));
    };
    Ok((head, game.clone()))
}

fn check_folder(folder: &str, minimum: usize) {
    let files = corpus_files(folder, &["sdn", "pgn", "json"]);
    assert!(
        files.len() >= minimum,
        "{folder} holds {} cases, fewer than {minimum}",
        files.len()
    );
    let mut failures = Vec::new();
    let mut verdicts = Vec::new();
    for path in &files {
        let name = display(path);
        let (head, game) = match read_case(path) {
            Ok(case) => case,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let game = &game;
        let Some(expect) = expectation(&head, "expect") else {
            failures.push(format!("{name}: no `; expect:` line"));
            continue;
        };
        let expected = match parse_expectation(expect) {
            Ok(e) => e,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let dispute = expectation(&head, "dispute") == Some("yes");
        let verdict = verify(game);
        if let Some(m) = mismatch(game, &verdict, &expected, dispute) {
            failures.push(format!("{name}: {m}"));
        }
        if let Some(m) = rule_mismatch(&verdict, expectation(&head, "rule")) {
            failures.push(format!("{name}: {m}"));
        }
        for m in locator_mismatches(&verdict, &head) {
            failures.push(format!("{name}: {m}"));
        }
        let void = verdict.void.map_or(0, |v| v.actions);
        let stated = expectation(&head, "void").map_or(Ok(0), str::parse::<usize>);
        if stated != Ok(void) {
            failures.push(format!(
                "{name}: `; void:` says {stated:?}, the verdict finds {void} void actions"
            ));
        }
        verdicts.push((name, path.clone(), describe(game, &verdict)));
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases disagree:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    for (name, path, text) in verdicts {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let folder = path
            .parent()
            .and_then(|p| p.file_name())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        insta::assert_snapshot!(format!("{folder}__{stem}"), text, &name);
    }
}

#[test]
fn sade_cases_get_the_verdict_they_state() {
    check_folder("corpus/rules/sade", 60);
}

#[test]
fn marseillais_cases_get_the_verdict_they_state() {
    check_folder("corpus/rules/marseillais", 14);
}

#[test]
fn standard_cases_get_the_verdict_they_state() {
    check_folder("corpus/rules/standard", 8);
}

#[test]
fn whole_games_get_the_verdict_they_state() {
    check_folder("corpus/games", 20);
}

/// `verify_outcome` (what the `verify` command prints) is `verify` without the actions listed:
/// the same verdict on every record of the corpus and of `tests/data`, in every game.
#[test]
fn the_verdict_alone_is_the_verdict_without_its_actions() {
    let mut files = corpus_files("corpus", &["sdn", "pgn"]);
    files.extend(corpus_files("tests/data", &["sdn", "pgn"]));
    let (mut games, mut listed) = (0, 0);
    for path in &files {
        let source = std::fs::read(path).unwrap();
        for (i, game) in parse_bytes(&source).into_iter().enumerate() {
            let Ok(game) = game else { continue };
            let mut full = verify(&game);
            listed += full.replay.resolved.len();
            full.replay.resolved.clear();
            let alone = sade_ref::referee::verify_outcome(&game);
            assert!(
                alone.replay.resolved.is_empty(),
                "{} #{}",
                display(path),
                i + 1
            );
            assert_eq!(alone, full, "{} #{}", display(path), i + 1);
            games += 1;
        }
    }
    assert!(
        games > 1000 && listed > 30_000,
        "{games} games, {listed} actions"
    );
}
