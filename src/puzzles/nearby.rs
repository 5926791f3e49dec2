//! Puzzles too near each other to be two puzzles: the same position, or two from one game
//! within [`NEAR_TURNS`] turns with the same answer or the same theme (spec/PUZZLES.md, "No
//! near-duplicates").

use std::collections::HashMap;

use super::error::Nearby;
use super::puzzle::{Puzzle, Source};

/// Two puzzles of one game at most this many turns apart are near.
pub const NEAR_TURNS: u64 = 3;

/// The position of a FEN without its move counters: two puzzles with the same one share a
/// position, whatever the face.
pub(crate) fn board_key(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// The turn of a source (`12w`, `30b`) as a count of turns from the game's start.
fn turn_index(turn: &str) -> Option<u64> {
    let side = turn.chars().last()?;
    let number: u64 = turn.strip_suffix(side)?.parse().ok()?;
    match side {
        'w' => Some(number * 2),
        'b' => Some(number * 2 + 1),
        _ => None,
    }
}

/// The turn of the game a puzzle's position stands before, counted from the start: a sideline's
/// position stands one turn after the turn it plays instead.
fn stands_at(source: &Source) -> Option<u64> {
    Some(turn_index(&source.turn)? + u64::from(source.sideline.is_some()))
}

/// Why `later` is too near `earlier`, if it is.
pub(crate) fn near(earlier: &Puzzle, later: &Puzzle) -> Option<Nearby> {
    if earlier.variant == later.variant && board_key(&earlier.fen) == board_key(&later.fen) {
        return Some(Nearby::SamePosition);
    }
    let (a, b) = (&earlier.source, &later.source);
    if earlier.variant != later.variant
        || (a.seed, a.game, &a.white, &a.black) != (b.seed, b.game, &b.white, &b.black)
    {
        return None;
    }
    let turns = stands_at(a)?.abs_diff(stands_at(b)?);
    if turns > NEAR_TURNS {
        None
    } else if earlier.answer == later.answer {
        Some(Nearby::SameAnswer { turns })
    } else if earlier.theme == later.theme {
        Some(Nearby::SameTheme { turns })
    } else {
        None
    }
}

/// Every puzzle too near an earlier one of the list: its index, the earlier one's, and why.
pub fn nearby(puzzles: &[Puzzle]) -> Vec<(usize, usize, Nearby)> {
    let mut out = Vec::new();
    let mut by_position: HashMap<(String, &str), usize> = HashMap::new();
    let mut by_game: HashMap<(&str, u64, u64), Vec<usize>> = HashMap::new();
    for (i, p) in puzzles.iter().enumerate() {
        if let Some(&j) = by_position.get(&(board_key(&p.fen), p.variant.name())) {
            out.push((i, j, Nearby::SamePosition));
        } else {
            by_position.insert((board_key(&p.fen), p.variant.name()), i);
        }
        let game = by_game
            .entry((p.variant.name(), p.source.seed, p.source.game))
            .or_default();
        if let Some((j, why)) = game.iter().find_map(|&j| {
            near(&puzzles[j], p)
                .filter(|w| *w != Nearby::SamePosition)
                .map(|w| (j, w))
        }) {
            out.push((i, j, why));
        }
        game.push(i);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::question::Question;
    use crate::puzzles::theme::Theme;
    use crate::record::{Face, Variant};
    use crate::rules::Article;

    fn puzzle(fen: &str, face: Face, answer: &str, theme: Theme, game: u64, turn: &str) -> Puzzle {
        Puzzle {
            id: String::new(),
            variant: Variant::Sade,
            fen: fen.to_owned(),
            face: Some(face),
            question: Question::WinNow,
            answer: answer.to_owned(),
            then: None,
            search: None,
            candidates: 2,
            rating: 1500,
            theme,
            article: Article::Art9_2,
            explanation: String::new(),
            source: Source {
                seed: 1,
                game,
                white: "club".to_owned(),
                black: "casual".to_owned(),
                turn: turn.to_owned(),
                sideline: None,
            },
        }
    }

    #[test]
    fn a_shared_position_and_a_near_answer_or_theme_of_one_game_are_found() {
        let a = "7k/8/8/8/8/8/r4PPP/6K1 w - - 0 1";
        let b = "7k/8/8/8/8/8/r4PPP/5K2 w - - 0 1";
        let c = "7k/8/8/8/8/8/r4PPP/4K3 w - - 0 1";
        let same = Theme::SacrificeAccomplished;
        let list = [
            puzzle(a, Face::One, "Ra1", same, 1, "10w"),
            // The same position on another face, counters apart: shared.
            puzzle(
                &a.replace("0 1", "3 9"),
                Face::Two,
                "Rb2",
                Theme::Nakedness,
                2,
                "1w",
            ),
            // Game 1, 3 turns later (11b), the same theme: near.
            puzzle(b, Face::One, "Rb2", same, 1, "11b"),
            // Game 1, 4 turns later, the same answer: far enough.
            puzzle(c, Face::One, "Ra1", same, 1, "12w"),
            // Game 1, 1 turn later, another answer and theme: not near.
            puzzle(
                c.replace("4K3", "3K4").as_str(),
                Face::One,
                "Rc2",
                Theme::Nakedness,
                1,
                "10b",
            ),
        ];
        assert_eq!(
            nearby(&list),
            vec![
                (1, 0, Nearby::SamePosition),
                (2, 0, Nearby::SameTheme { turns: 3 }),
                // 12w is 1 turn from 11b, with the same theme.
                (3, 2, Nearby::SameTheme { turns: 1 }),
            ]
        );
        let mut same_answer = list[2].clone();
        same_answer.answer = "Ra1".to_owned();
        assert_eq!(
            near(&list[0], &same_answer),
            Some(Nearby::SameAnswer { turns: 3 })
        );
        // A sideline played instead of 11b stands before 12w: 4 turns from 10w.
        same_answer.source.sideline = Some("Kg7 Kh8".to_owned());
        assert_eq!(near(&list[0], &same_answer), None);
        let mut before = same_answer.clone();
        before.source.turn = "11w".to_owned();
        assert_eq!(
            near(&list[0], &before),
            Some(Nearby::SameAnswer { turns: 3 })
        );
    }

    #[test]
    fn turns_count_both_sides() {
        assert_eq!(turn_index("1w"), Some(2));
        assert_eq!(turn_index("12b"), Some(25));
        assert_eq!(turn_index("b"), None);
        assert_eq!(turn_index(""), None);
        assert_eq!(turn_index("3x"), None);
        assert_eq!(turn_index("3é"), None);
    }
}
