//! Conversion never changes a verdict (issue 16): a tool arbiters trust must not alter a game.
//! For a record `x`, each of these is judged as `x` is:
//!
//! - `convert --to sdn`: the canonical SDN of `x`, read back;
//! - `convert --to json`, then `--to sdn`: `x` through JSON and canonical SDN, read back;
//! - `x` as JSON with every `span` left out (the schema allows it), read back;
//! - `convert --to sdn --adjudicate`: the referee's result written in, read back: the same
//!   judgement (status, winner, termination, Article, the error, where the game ended, what is
//!   void, the final FEN) and no dispute left; where the error is the result itself (a drawn
//!   result in Sade, Art. 17), the adjudication keeps that token, so this holds there too.
//!
//! What is compared ([`comparable`]) is the whole [`Verdict`]: status, winner, termination,
//! Article, result, whether there is a dispute, the first illegal action (code, turn, label,
//! side, face, action, reason, Article, and where it stands in the record), `ended_at` and
//! `void` (turn, side, face, action, counts, record places), the final FEN, the turns replayed,
//! the notes and the replay's resolved actions. Left out is what belongs to a text, not to the
//! game: the error's byte span (the texts differ, and so do their offsets; `verify` prints it
//! as a line and column); the note that a game has no tag section (canonical SDN always writes
//! the tag roster, and JSON is no text); the wording of a dispute, which names where the record
//! states its result (a record that states it in the token alone is written with the roster's
//! Result tag too, so the wording may name one more place); and the rule set's raw outcome,
//! which the verdict restates in an arbiter's terms (a setup fault there carries the first
//! record turn's number, which moves written without numbers do not write).
//!
//! The inputs: every game of every corpus file (SDN, PGN and JSON), and generated games of the
//! three variants: [`STANDARD`] + [`MARSEILLAIS`] (a third of them Classical) + [`SADE`] +
//! [`RECORDS`] = 3,400 generated games a run, each checked in two forms, as the generator built
//! it (no spans) and as its canonical SDN reads (spans), each form read back the four ways
//! above. The generators play random moves that are mostly legal (the referee, not the
//! generator, decides), bent by mutations that make the verdicts an arbiter meets: a move
//! replaced, an action dropped, the record cut short, moves written after the end, results and
//! Result tags that agree or not, a `Termination` tag, and in half the Marseillais games the
//! first turns written without move numbers (M1). [`RECORDS`] are records of any shape
//! (`generated.rs`: any tags, any actions), made readable. A run takes about a minute of CPU in
//! a debug build, spread over five tests.

#[allow(unused_imports)]
use super::*;

use std::ops::ControlFlow;

use sade_ref::record::Face;
use sade_ref::referee::{Status, Verdict, verify};
use sade_ref::rules::ReplayStatus;
use sade_ref::rules::sade::{self as sade_rules, State, TurnOutcome, play_turn};
use sade_ref::write::adjudicate::adjudicate;
use shakmaty::san::San;
use shakmaty::{Chess, EnPassantMode, Move, Position, Setup};

use crate::rules::sade::whole_games::Rng;

/// Generated Standard games (proptest cases).
const STANDARD: u32 = 1000;
/// Generated Marseillais games, Balanced and Classical.
const MARSEILLAIS: u32 = 1000;
/// Generated Sade games.
const SADE: u32 = 1000;
/// Generated records of any shape (`generated.rs`'s `arb_game`: any tags, any actions).
const RECORDS: u32 = 400;
const _: () = assert!(STANDARD + MARSEILLAIS + SADE + RECORDS >= 3000);

// ---------------------------------------------------------------------------------------------
// The comparison

/// A verdict without what belongs to the text it was read from: the error's byte span, the note
/// on a game without a tag section, and the wording of a dispute (see the module docs).
fn comparable(verdict: &Verdict) -> Verdict {
    let mut v = verdict.clone();
    v.dispute = v.dispute.map(|_| "a dispute".to_owned());
    if let Some(error) = &mut v.error {
        error.span = Span::default();
    }
    // The rule set's own outcome, in record terms, is what the verdict states in an arbiter's
    // (its error, ended_at and void, compared above): a setup fault there carries the first
    // record turn's number, which moves written without numbers do not write.
    v.replay.outcome = ReplayStatus::Unfinished;
    v.notes
        .retain(|note| !note.starts_with("this game has no tag section"));
    v.replay.notes = v.notes.clone();
    v
}

/// The one game a text holds.
fn one(text: &str) -> Result<Game, String> {
    let mut games = parse_str(text);
    match (games.len(), games.pop()) {
        (1, Some(Ok(game))) => Ok(game),
        (_, Some(Err(e))) => Err(format!("does not read back: {e}\n{text}")),
        (n, _) => Err(format!("reads as {n} games:\n{text}")),
    }
}

/// The one game a JSON text holds.
fn one_json(text: &str) -> Result<Game, String> {
    let mut games = json::from_json(text).map_err(|e| format!("{e}\n{text}"))?;
    match (games.len(), games.pop()) {
        (1, Some(game)) => Ok(game),
        (n, _) => Err(format!("JSON reads as {n} games:\n{text}")),
    }
}

/// Every `span` key removed, at any depth.
fn strip_spans(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.remove("span");
            map.values_mut().for_each(strip_spans);
        }
        Value::Array(items) => items.iter_mut().for_each(strip_spans),
        _ => {}
    }
}

/// Where two verdicts first differ: the line of their debug forms, with what stands around it.
fn difference(want: &Verdict, got: &Verdict) -> String {
    let (a, b) = (format!("{want:#?}"), format!("{got:#?}"));
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let at = a
        .iter()
        .zip(&b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let from = at.saturating_sub(6);
    format!(
        "\n  was: {}\n  now: {}",
        a[from..(at + 3).min(a.len())].join("\n       "),
        b[from..(at + 3).min(b.len())].join("\n       ")
    )
}

/// Checks that every conversion of `x` is judged as `x` is. `Err` says which and how.
fn conversions_keep_the_verdict(x: &Game) -> Result<(), String> {
    let verdict = verify(x);
    let want = comparable(&verdict);
    let same = |how: &str, y: &Game, text: &str| -> Result<(), String> {
        let got = comparable(&verify(y));
        if got == want {
            Ok(())
        } else {
            Err(format!(
                "{how} changes the verdict: {}\ntext:\n{text}",
                difference(&want, &got)
            ))
        }
    };
    // convert --to sdn
    let text = sdn::to_sdn(x);
    same("convert --to sdn", &one(&text)?, &text)?;
    // convert --to json, then --to sdn
    let json_text = json::to_json(std::slice::from_ref(x));
    let through = sdn::to_sdn(&one_json(&json_text)?);
    same("convert --to json, --to sdn", &one(&through)?, &through)?;
    // JSON without spans
    let mut value: Value = serde_json::from_str(&json_text).map_err(|e| e.to_string())?;
    strip_spans(&mut value);
    let spanless = value.to_string();
    same("JSON without spans", &one_json(&spanless)?, &spanless)?;
    // convert --to sdn --adjudicate
    let adjudicated = sdn::to_sdn(&adjudicate(x, &verdict));
    let again = verify(&one(&adjudicated)?);
    // Also where the result token is itself the infraction (`1/2-1/2` in Sade, Art. 17): the
    // adjudication keeps that token, so the record stays invalid at the same place.
    let kept = {
        let (a, b) = (comparable(&again), &want);
        (a.status, a.winner, a.termination, a.article, &a.error)
            == (b.status, b.winner, b.termination, b.article, &b.error)
            && (a.ended_at, a.void, a.error_at) == (b.ended_at, b.void, b.error_at)
            && a.final_fen == b.final_fen
            && a.dispute.is_none()
    };
    if !kept {
        return Err(format!(
            "convert --adjudicate changes the judgement\nfrom {want:#?}\nto {again:#?}\ntext:\n{adjudicated}"
        ));
    }
    Ok(())
}

/// Both forms of a generated game: as built (no spans), and as its SDN text reads (spans).
fn check_both(x: &Game) -> Result<(), TestCaseError> {
    conversions_keep_the_verdict(x).map_err(|e| TestCaseError::fail(format!("no spans: {e}")))?;
    let text = sdn::to_sdn(x);
    let read = one(&text).map_err(TestCaseError::fail)?;
    conversions_keep_the_verdict(&read).map_err(|e| TestCaseError::fail(format!("with spans: {e}")))
}

// ---------------------------------------------------------------------------------------------
// Generated games

fn new_game(variant: &str) -> Game {
    game(vec![tag("Variant", variant)], Vec::new(), None)
}

fn san_of(pos: &Chess, m: Move) -> Item {
    san(&San::from_move(pos, m).to_string())
}

/// A random legal move, captures and checks more often than chance, so that games end.
fn pick(pos: &Chess, moves: &[Move], rng: &mut Rng) -> Move {
    let sharp: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| {
            m.is_capture() || {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                after.is_check()
            }
        })
        .collect();
    if !sharp.is_empty() && rng.below(10) < 6 {
        sharp[rng.below(sharp.len())]
    } else {
        moves[rng.below(moves.len())]
    }
}

/// A Standard game of random moves, one a turn.
fn standard_game(rng: &mut Rng) -> Game {
    let mut g = new_game("Standard");
    let mut pos = Chess::default();
    let mut number = MoveNumber {
        number: 1,
        side: Side::White,
    };
    for _ in 0..rng.below(160) {
        let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
        if moves.is_empty() {
            break;
        }
        let m = pick(&pos, &moves, rng);
        g.turns.push(turn(
            number.number,
            number.side,
            None,
            vec![san_of(&pos, m)],
        ));
        number = number.next();
        pos.play_unchecked(m);
    }
    g
}

/// The same side moves again (the second move of a Marseillais turn), without an en passant
/// chance.
fn again(pos: &Chess) -> Option<Chess> {
    let mut setup: Setup = pos.to_setup(EnPassantMode::Legal);
    setup.turn = !setup.turn;
    setup.ep_square = None;
    setup.position(pos.castles().mode()).ok()
}

fn no_en_passant(pos: &Chess) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| !m.is_en_passant())
        .collect()
}

/// A Marseillais game of random turns: two moves, one when the first checks, one in White's
/// first Balanced turn. (The generator takes no en passant; the referee judges what it wrote.)
fn marseillais_game(classical: bool, rng: &mut Rng) -> Game {
    let mut g = new_game(if classical {
        "Marseillais Classical"
    } else {
        "Marseillais"
    });
    let mut pos = Chess::default();
    let mut number = MoveNumber {
        number: 1,
        side: Side::White,
    };
    'turns: for _ in 0..rng.below(70) {
        let firsts = no_en_passant(&pos);
        if firsts.is_empty() {
            break;
        }
        let single = !classical && g.turns.is_empty();
        // A first move with a second after it, or one that checks (a few tries).
        for _ in 0..6 {
            let first = pick(&pos, &firsts, rng);
            let mut after = pos.clone();
            after.play_unchecked(first);
            let mut items = vec![san_of(&pos, first)];
            if !single && !after.is_check() {
                let Some(second_pos) = again(&after) else {
                    break 'turns;
                };
                let seconds = no_en_passant(&second_pos);
                if seconds.is_empty() {
                    continue;
                }
                let second = pick(&second_pos, &seconds, rng);
                items.push(san_of(&second_pos, second));
                after = second_pos;
                after.play_unchecked(second);
            }
            let mut setup = after.to_setup(EnPassantMode::Legal);
            setup.ep_square = None;
            let Ok(next) = setup.position::<Chess>(after.castles().mode()) else {
                break 'turns;
            };
            g.turns.push(turn(number.number, number.side, None, items));
            number = number.next();
            pos = next;
            continue 'turns;
        }
        break;
    }
    g
}

/// A Sade game: a random die, and for each roll one of the first fulfilments the referee's
/// search lists (a few dozen at most: the search stops there), or `--` when there is none.
fn sade_game(rng: &mut Rng) -> Game {
    let mut g = new_game("Sade");
    let Ok(mut state) = State::from_game(&g) else {
        return g;
    };
    let mut number = MoveNumber {
        number: 1,
        side: Side::White,
    };
    for _ in 0..rng.below(36) {
        let face = Face::ALL[rng.below(6)];
        let wanted = rng.below(24) + 1;
        // Now and then a fulfilment that ends the game (a self-mate, nakedness, a stalemate),
        // when one comes among the first four hundred.
        let ending = rng.below(5) == 0;
        let mut seen = Vec::new();
        let mut visits = 0;
        let mut end = None;
        let visited = sade_rules::visit_fulfilments(&state, face, |f| {
            if ending && f.end.is_some() {
                end = Some(f.clone());
                return ControlFlow::Break(());
            }
            visits += 1;
            if seen.len() < wanted {
                seen.push(f.clone());
            }
            let enough = visits >= wanted && (!ending || visits >= 400);
            if enough {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if visited.is_err() {
            break;
        }
        let chosen = end
            .as_ref()
            .or_else(|| seen.get(rng.below(seen.len().max(1))));
        let actions = match chosen {
            Some(f) => f.actions(&state),
            None => vec![ActionKind::Nothing {}],
        };
        let written = turn(
            number.number,
            number.side,
            Some(face),
            actions.into_iter().map(action).collect(),
        );
        let played = play_turn(&state, &written);
        g.turns.push(written);
        number = number.next();
        match played.outcome {
            TurnOutcome::Complete => state = played.state,
            _ => break,
        }
    }
    g
}

/// Actions that are sometimes legal, often not, in every variant's notation.
const STRAY: [&str; 12] = [
    "e4", "Nf3", "Qxh7", "O-O", "Kd2", "exd6", "a8=Q", "Bb5", "--", "-Nb1", "Q@d4", "Rxa8",
];

fn stray(rng: &mut Rng) -> Item {
    let text = STRAY[rng.below(STRAY.len())];
    parse_str(&format!("[Variant \"Sade\"]\n\n1. 4: {text} *"))
        .pop()
        .and_then(Result::ok)
        .and_then(|g| g.turns.into_iter().next())
        .and_then(|t| t.items.into_iter().next())
        .unwrap_or_else(|| san("e4"))
}

/// The places of the actions: (turn index, item index).
fn places(g: &Game) -> Vec<(usize, usize)> {
    g.turns
        .iter()
        .enumerate()
        .flat_map(|(t, turn)| {
            turn.items
                .iter()
                .enumerate()
                .filter(|(_, item)| matches!(item, Item::Action(_)))
                .map(move |(i, _)| (t, i))
        })
        .collect()
}

/// Bends a game towards the verdicts an arbiter meets (see the module docs).
fn mutate(mut g: Game, rng: &mut Rng) -> Game {
    let marseillais = matches!(
        g.tag("Variant"),
        Some("Marseillais" | "Marseillais Classical")
    );
    // Records as the reader gives them: a Standard turn is one move.
    let one_move = g.tag("Variant") == Some("Standard");
    // The end of the game, and moves written after it (void, R21).
    let finished = verify(&g).status == Status::Finished;
    if finished && rng.below(3) == 0 {
        for _ in 0..=rng.below(3) {
            let at = places(&g);
            if let Some(&(t, i)) = at.get(rng.below(at.len().max(1))) {
                let item = g.turns[t].items[i].clone();
                match g.turns.last_mut() {
                    Some(last) if !one_move && rng.below(2) == 0 => last.items.push(item),
                    _ => {
                        let mut next = g.turns.last().map_or(
                            MoveNumber {
                                number: 1,
                                side: Side::White,
                            },
                            |t| t.number.next(),
                        );
                        if rng.below(4) == 0 {
                            next = next.next();
                        }
                        let face = g.turns.last().and_then(|t| t.face).map(|f| f.value);
                        g.turns.push(turn(next.number, next.side, face, vec![item]));
                    }
                }
            }
        }
    }
    // A move replaced, an action dropped, the record cut short.
    match rng.below(8) {
        0 | 1 => {
            let at = places(&g);
            if let Some(&(t, i)) = at.get(rng.below(at.len().max(1))) {
                g.turns[t].items[i] = stray(rng);
            }
        }
        2 => {
            let at = places(&g);
            if let Some(&(t, i)) = at.get(rng.below(at.len().max(1))) {
                g.turns[t].items.remove(i);
                if g.turns[t].items.is_empty() && g.turns[t].face.is_none() {
                    g.turns.remove(t);
                }
            }
        }
        3 => {
            let at = places(&g);
            if let Some(&(t, i)) = at.get(rng.below(at.len().max(1))) {
                g.turns.truncate(t + 1);
                g.turns[t].items.truncate(i + 1);
            }
        }
        _ => {}
    }
    // Marseillais: the first turns written without numbers, one record turn (M1).
    if marseillais && !g.turns.is_empty() && rng.below(2) == 0 {
        let k = rng.below(g.turns.len()) + 1;
        let mut merged: Vec<Turn> = g.turns.drain(..k).collect();
        let mut first = merged.remove(0);
        for t in merged {
            first.items.extend(t.items);
        }
        first.unnumbered = true;
        g.turns.insert(0, first);
    }
    // What the record says of the result, and how it ended.
    const RESULTS: [Option<GameResult>; 6] = [
        None,
        Some(GameResult::Unknown),
        Some(GameResult::WhiteWins),
        Some(GameResult::BlackWins),
        Some(GameResult::Draw),
        Some(GameResult::Unknown),
    ];
    let referee = verify(&g).result;
    g.result = if rng.below(2) == 0 {
        Some(referee)
    } else {
        RESULTS[rng.below(RESULTS.len())]
    };
    match rng.below(4) {
        0 => {}
        1 => {
            if let Some(token) = g.result {
                g.set_tag("Result", token.as_str());
            }
        }
        _ => {
            let value = RESULTS[rng.below(RESULTS.len())].map_or("?", GameResult::as_str);
            g.set_tag("Result", value);
        }
    }
    if rng.below(8) == 0 {
        g.set_tag("Termination", "time forfeit");
    }
    g
}

fn run(cases: u32, test: impl Fn(u64) -> Result<(), TestCaseError>) {
    let config = ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest::test_runner::TestRunner::new(config)
        .run(&any::<u64>(), test)
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn standard_games_keep_their_verdict_through_every_conversion() {
    run(STANDARD, |seed| {
        let mut rng = Rng::new(seed);
        let g = standard_game(&mut rng);
        check_both(&mutate(g, &mut rng))
    });
}

#[test]
fn marseillais_games_keep_their_verdict_through_every_conversion() {
    run(MARSEILLAIS, |seed| {
        let mut rng = Rng::new(seed);
        let classical = rng.below(3) == 0;
        let g = marseillais_game(classical, &mut rng);
        check_both(&mutate(g, &mut rng))
    });
}

#[test]
fn sade_games_keep_their_verdict_through_every_conversion() {
    run(SADE, |seed| {
        let mut rng = Rng::new(seed);
        let g = sade_game(&mut rng);
        check_both(&mutate(g, &mut rng))
    });
}

#[test]
fn records_of_any_shape_keep_their_verdict_through_every_conversion() {
    let config = ProptestConfig {
        cases: RECORDS,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest::test_runner::TestRunner::new(config)
        .run(&super::generated::arb_game(), |g| {
            check_both(&super::generated::readable(g))
        })
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn every_corpus_game_keeps_its_verdict_through_every_conversion() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for path in corpus_files("corpus", &["sdn", "pgn", "json"]) {
        let name = display(&path);
        let source = std::fs::read(&path).unwrap_or_default();
        let games: Vec<Game> = if path.extension().is_some_and(|e| e == "json") {
            json::read_json(&String::from_utf8_lossy(&source))
                .into_iter()
                .flatten()
                .collect()
        } else {
            sade_ref::parse::parse_bytes(&source)
                .into_iter()
                .flatten()
                .collect()
        };
        for (i, g) in games.iter().enumerate() {
            checked += 1;
            if let Err(e) = conversions_keep_the_verdict(g) {
                failures.push(format!("{name}, game {}: {e}", i + 1));
            }
        }
    }
    assert!(checked >= 200, "only {checked} corpus games checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} corpus games:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
