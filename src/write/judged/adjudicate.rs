//! Writing the referee's adjudication back into a record (`convert --to sdn --adjudicate`):
//! the `Result` tag and the result token become the referee's result, the `Termination` tag its
//! termination (S3's words: `time forfeit`, `resignation`, `nakedness`, ...). An invalid game
//! gets a comment at its first illegal action saying what the referee found, a disputed one a
//! comment at the end. Nothing the players wrote is dropped: their `Result` and `Termination`
//! values, where they differ, go to a comment before the first turn.

use crate::record::{Comment, Game, GameResult, Item, Span};
use crate::referee::{Status, Verdict};

/// The record with the referee's verdict written into it.
///
/// Adjudicating an adjudicated record changes nothing (the same bytes come out), and the
/// adjudicated record has the verdict of the record it came from: an invalid game stays invalid
/// at the same action, for the same reason. Where replacing the players' result token would
/// change that (a token that is itself the infraction, as `1/2-1/2` in Sade, Art. 17), the token
/// and the `Result` tag are left as written.
pub fn adjudicate(game: &Game, verdict: &Verdict) -> Game {
    let out = write_verdict(game, verdict, true);
    if verdict.status == Status::Invalid && !same_infraction(&crate::referee::verify(&out), verdict)
    {
        return write_verdict(game, verdict, false);
    }
    out
}

/// Whether two verdicts of an invalid game name the same infraction at the same place.
fn same_infraction(a: &Verdict, b: &Verdict) -> bool {
    a.status == b.status
        && match (&a.error, &b.error) {
            (Some(x), Some(y)) => {
                (x.code, x.turn_index, x.action, &x.reason)
                    == (y.code, y.turn_index, y.action, &y.reason)
            }
            _ => false,
        }
}

/// The record with the verdict written in; `replace_result`: the `Result` tag and the result
/// token become the referee's (for an invalid game, `*`).
fn write_verdict(game: &Game, verdict: &Verdict, replace_result: bool) -> Game {
    let mut out = game.clone();
    let result = match verdict.status {
        Status::Invalid => GameResult::Unknown,
        _ => verdict.result,
    };
    let termination = match verdict.status {
        Status::Finished => verdict.termination.map(|t| t.name().replace('-', " ")),
        Status::Unfinished => Some("unterminated".to_owned()),
        Status::Invalid => Some("rules infraction".to_owned()),
    };
    let result_tag = replace_result.then(|| result.as_str().to_owned());
    let mut kept = Vec::new();
    for (name, value) in [("Result", result_tag), ("Termination", termination)] {
        let Some(value) = value else { continue };
        if let Some(old) = game.tag(name)
            && old != value
        {
            kept.push(format!("{name} \"{old}\""));
        }
        out.set_tag(name, value);
    }
    if replace_result {
        if let Some(token) = game.result
            && token != result
        {
            kept.push(format!("result token {}", token.as_str()));
        }
        out.result = Some(result);
    }
    if !kept.is_empty() {
        push_once(
            &mut out.preamble,
            format!(
                "the players wrote: {}; sade-ref's verdict replaces it",
                kept.join(", ")
            ),
        );
    }
    if let Some(error) = &verdict.error {
        let text = format!(
            "sade-ref: invalid here: {} ({}, {})",
            error.reason, error.article, error.code
        );
        // Where the action stands in the record (a record turn may hold several turns, M1).
        let at = verdict.error_at.unwrap_or(crate::rules::ActionRef {
            turn_index: error.turn_index,
            action: error.action,
        });
        match out.turns.get_mut(at.turn_index) {
            Some(turn) => {
                let at = after_action(&turn.items, at.action);
                let there = turn.items.get(at);
                if !matches!(there, Some(Item::Comment(c)) if c.text == text) {
                    turn.items.insert(at, comment(text));
                }
            }
            None => push_once(&mut out.preamble, text),
        }
    } else if let Some(dispute) = &verdict.dispute {
        let text = format!("sade-ref: {dispute}");
        match out.turns.last_mut() {
            Some(turn) => push_once(&mut turn.items, text),
            None => push_once(&mut out.preamble, text),
        }
    }
    out
}

/// Appends a comment unless the list already ends with the same one (a second adjudication).
fn push_once(items: &mut Vec<Item>, text: String) {
    if !matches!(items.last(), Some(Item::Comment(c)) if c.text == text) {
        items.push(comment(text));
    }
}

/// The index just after the `action`-th action of a turn (0: before its first item).
fn after_action(items: &[Item], action: usize) -> usize {
    if action == 0 {
        return 0;
    }
    let mut seen = 0;
    for (i, item) in items.iter().enumerate() {
        if matches!(item, Item::Action(_)) {
            seen += 1;
            if seen == action {
                return i + 1;
            }
        }
    }
    items.len()
}

fn comment(text: String) -> Item {
    Item::Comment(Comment {
        text,
        span: Span::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_str;
    use crate::referee::verify;
    use crate::write::sdn::to_sdn;

    fn adjudicated(text: &str) -> String {
        let games = parse_str(text);
        let game = games[0].as_ref().expect("a record");
        to_sdn(&adjudicate(game, &verify(game)))
    }

    #[test]
    fn a_finished_game_gets_the_referees_result_and_termination() {
        let text = adjudicated(
            "[Variant \"Sade\"]\n[FEN \"7k/p6p/8/8/8/8/8/1N2K3 w - - 0 1\"]\n[Result \"0-1\"]\n\n1. 4: -Nb1 *\n",
        );
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
        assert!(text.contains("[Termination \"nakedness\"]"), "{text}");
        assert!(
            text.contains("{the players wrote: Result \"0-1\", result token *;"),
            "{text}"
        );
        assert!(text.trim_end().ends_with("1-0"), "{text}");
        // And the adjudicated record reads back with the same verdict and no dispute.
        let games = parse_str(&text);
        let verdict = verify(games[0].as_ref().expect("a record"));
        assert_eq!(verdict.result, GameResult::WhiteWins);
        assert!(verdict.dispute.is_none(), "{:?}", verdict.dispute);
    }

    #[test]
    fn an_invalid_game_is_marked_at_its_first_illegal_action() {
        let text = adjudicated("[Variant \"Sade\"]\n\n1. 1: e5 1... 1: Ke2 2. 1: a6 *\n");
        let after = text.split_once("Ke2").map(|(_, rest)| rest.trim_start());
        assert!(
            after.is_some_and(|rest| rest.starts_with("{sade-ref: invalid here:")),
            "the comment follows the illegal action: {text}"
        );
        assert!(
            text.contains("[Termination \"rules infraction\"]"),
            "{text}"
        );
    }

    #[test]
    fn an_illegal_move_in_moves_written_without_numbers_is_marked_where_it_stands() {
        // Nf3 is Black's turn 2..., action 1 (M1, M2), and the fifth move of the record turn.
        let text = adjudicated("[Variant \"Marseillais\"]\n\ne4 f5 a6 Qh5+ Nf3 *\n");
        let after = text.split_once("Nf3").map(|(_, rest)| rest.trim_start());
        assert!(
            after.is_some_and(|rest| rest.starts_with("{sade-ref: invalid here:")),
            "the comment follows the illegal action: {text}"
        );
        assert!(text.contains("\ne4 f5 a6 Qh5+ Nf3"), "{text}");
    }

    #[test]
    fn a_declared_end_keeps_its_kind() {
        let text =
            adjudicated("[Termination \"time forfeit\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n");
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        assert!(!text.contains("players wrote"), "{text}");
    }
}
