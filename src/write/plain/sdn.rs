//! Canonical SDN: the PGN export format, extended with die faces and Sade's actions.
//!
//! - Tags: the seven-tag roster first (Event, Site, Date, Round, White, Black, Result; a missing
//!   one is written `"?"`, Date `"????.??.??"`, Result the result token if there is one), then
//!   `Variant`, `SetUp`, `FEN`, then every other tag sorted by name. Of tags with the same name
//!   only the first is written (the reader takes a repeated name for the next game's tags).
//!   Values escape `\` and `"`.
//! - A blank line, then the movetext: tokens one space apart, lines of at most 80 characters
//!   (broken between tokens only; a longer token stands alone on its line).
//! - Every turn has its move number (`12.`, `12...`), except that in games where a turn is one
//!   move (no die face anywhere, not Sade, not Marseillais), Black's number is left out when
//!   Black's move directly follows White's move of the same number, as PGN export does
//!   (`12. e4 e5`), and that Marseillais moves written without numbers (the first turn of a line
//!   marked [`Turn::unnumbered`]) are written without, as they were: the writer does not split
//!   them into turns, which is the referee's judgement (M1), so the text keeps its verdict.
//! - A die face with no action is written bare, as the record has it (`1. 3: 1... 1: Nc3`):
//!   the referee reads it as `--` before another turn (R15) and places a fault there on the
//!   turn as a whole (action 0), where a written `--` would be action 1.
//! - Die faces `3:`, actions as [`Action`](crate::record::Action)'s `Display` (`Nf3+!`, `-Nc3`,
//!   `Q@d4`, `--`), NAGs `$n`, variations `( ... )`, comments `{text}`; a comment whose text
//!   holds a `}` cannot be a brace comment: it is cut at its line breaks, and each piece that
//!   holds a `}` is written as a `;piece` line, the others as `{piece}`.
//! - The result token, a newline; games one blank line apart. A record without a result token
//!   is written without one (and without a Result tag when it has none either): `*` would be a
//!   claim the record does not make (R13: `*` on a finished game is a dispute).
//!
//! [`normalize`] gives the record that reading the canonical text back yields, so that
//! `parse(write(g)) == normalize(g)` and `write(normalize(g)) == write(g)`.
//!
//! That holds for every record the reader can give (and its JSON): each turn has an action (one
//! only where a turn is one move), a variation follows an action and is not empty, die faces
//! are 1 to 6, tag names are words and tag values one line, no text holds a NUL. Other records
//! (built by hand or read from JSON) are written all the same, but may read back differently
//! or not at all.

use std::borrow::Cow;

use super::nested::{self, Event};
use crate::record::{Comment, Game, Item, MoveNumber, Side, Tag, Turn, Variant};

/// Longest line the movetext is wrapped to, in characters.
pub const MAX_LINE: usize = 80;

/// The seven-tag roster, in export order, with the value written when the tag is missing
/// (`None`: the result token).
const ROSTER: [(&str, Option<&str>); 7] = [
    ("Event", Some("?")),
    ("Site", Some("?")),
    ("Date", Some("????.??.??")),
    ("Round", Some("?")),
    ("White", Some("?")),
    ("Black", Some("?")),
    ("Result", None),
];

/// Tags that follow the roster, before all others.
const SETUP_TAGS: [&str; 3] = ["Variant", "SetUp", "FEN"];

/// Writes one game in canonical SDN, ending with a newline.
pub fn write_game(game: &Game, out: &mut String) {
    for tag in export_tags(game) {
        write_tag(&tag.name, &tag.value, out);
    }
    out.push('\n');
    let start = out.len();
    let mut movetext = Movetext::new(out, numbering(game));
    movetext.walk(&game.preamble, &game.turns);
    if let Some(result) = game.result {
        movetext.token(result.as_str());
    }
    if out.len() == start {
        // No movetext at all (no turn, no comment, no result token): the tags alone.
        out.pop();
    } else if !out.ends_with('\n') {
        out.push('\n');
    }
}

/// One game in canonical SDN.
pub fn to_sdn(game: &Game) -> String {
    let mut out = String::new();
    write_game(game, &mut out);
    out
}

/// Writes several games, one blank line apart.
pub fn write_games(games: &[Game], out: &mut String) {
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_game(game, out);
    }
}

/// Several games in canonical SDN, one blank line apart.
pub fn games_to_sdn(games: &[Game]) -> String {
    let mut out = String::new();
    write_games(games, &mut out);
    out
}

/// The record that reading [`to_sdn`]'s text back gives: tags in export order with the roster
/// filled in and repeated names dropped, each comment that holds a `}` split at its line breaks,
/// and the unnumbered mark only where the writer leaves a number out (see the module docs).
/// Spans are kept; they compare equal.
pub fn normalize(game: &Game) -> Game {
    // Without recursion: a record built in code may nest variations thousands deep.
    let (preamble, turns) = nested::rebuild(game, |item, normal| match item {
        Item::Comment(comment) => match line_comments(&comment.text) {
            None => normal.push(item.clone()),
            Some(lines) => normal.extend(lines.map(|line| {
                Item::Comment(Comment {
                    text: line.to_owned(),
                    span: comment.span,
                })
            })),
        },
        _ => normal.push(item.clone()),
    });
    let mut normal = Game {
        tags: export_tags(game).into_iter().map(Cow::into_owned).collect(),
        preamble,
        turns,
        result: game.result,
        span: game.span,
    };
    let start = crate::parse::start_number(&normal.tags);
    settle_unnumbered(&mut normal, numbering(game), start);
    normal
}

/// What reading unnumbered turns back gives: the mark stays on the turns written without a
/// number, whose number is then the reader's count (the start position's for the main line,
/// the number of the turn it stands in for a variation), and whose leading comments and NAGs
/// read as their line's preamble (nothing opened a turn before the first move); it goes from
/// every other turn, written with its number.
fn settle_unnumbered(game: &mut Game, numbering: Numbering, start: MoveNumber) {
    let mut lines: Vec<(&mut Vec<Item>, &mut Vec<Turn>, MoveNumber)> =
        vec![(&mut game.preamble, &mut game.turns, start)];
    while let Some((preamble, turns, start)) = lines.pop() {
        for (i, turn) in turns.iter_mut().enumerate() {
            if i == 0 && numbering == Numbering::Groups && turn.unnumbered {
                turn.number = start;
                let notes = turn
                    .items
                    .iter()
                    .take_while(|item| matches!(item, Item::Comment(_) | Item::Nag(_)))
                    .count();
                preamble.extend(turn.items.drain(..notes));
            } else {
                turn.unnumbered = false;
            }
            let number = turn.number;
            for item in &mut turn.items {
                if let Item::Variation(variation) = item {
                    lines.push((&mut variation.preamble, &mut variation.turns, number));
                }
            }
        }
    }
}

/// The pieces a comment that holds a `}` is written as, or `None` for a brace comment: the text
/// cut at its line breaks, each piece that holds a `}` without the `\r`s that would end its
/// `;` line.
fn line_comments(text: &str) -> Option<impl Iterator<Item = &str>> {
    text.contains('}').then(|| {
        text.split('\n').map(|piece| {
            if piece.contains('}') {
                piece.trim_end_matches('\r')
            } else {
                piece
            }
        })
    })
}

/// The tags in export order, the missing roster filled in.
fn export_tags(game: &Game) -> Vec<Cow<'_, Tag>> {
    // A tag name seen before starts the next game for the reader: only the first one is kept.
    let mut tags: Vec<Cow<'_, Tag>> = Vec::with_capacity(game.tags.len() + ROSTER.len());
    for tag in &game.tags {
        if !tags.iter().any(|t| t.name == tag.name) {
            tags.push(Cow::Borrowed(tag));
        }
    }
    for (name, missing) in ROSTER {
        if game.tag(name).is_none() {
            let value = match (missing, game.result) {
                (Some(value), _) => value,
                (None, Some(result)) => result.as_str(),
                // No result token and no Result tag: the record claims no result, and `*`
                // would claim one (R13: `*` on a finished game is a dispute).
                (None, None) => continue,
            };
            tags.push(Cow::Owned(Tag {
                name: name.to_owned(),
                value: value.to_owned(),
                span: Default::default(),
            }));
        }
    }
    tags.sort_by(|a, b| tag_rank(&a.name).cmp(&tag_rank(&b.name)));
    tags
}

/// Sort key: roster position, then the set-up tags, then the rest by name.
fn tag_rank(name: &str) -> (usize, &str) {
    if let Some(i) = ROSTER.iter().position(|(n, _)| *n == name) {
        (i, "")
    } else if let Some(i) = SETUP_TAGS.iter().position(|n| *n == name) {
        (ROSTER.len() + i, "")
    } else {
        (ROSTER.len() + SETUP_TAGS.len(), name)
    }
}

fn write_tag(name: &str, value: &str, out: &mut String) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '\\' || c == '"' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

/// Which move numbers the writer may leave out, as the reader groups the game's turns: Black's
/// after White's move (PGN export style) in games where a turn is one move and no turn has a
/// die face, so that a reader that counts the turns on reads the same turns back; in
/// Marseillais games without die faces, those of moves the record says were written without
/// numbers at the start of a line (`Turn::unnumbered`, M1).
fn numbering(game: &Game) -> Numbering {
    let faces = nested::any_face(&game.turns);
    let variant = Variant::of_record(game.tag("Variant"), faces);
    match variant {
        _ if faces => Numbering::EveryTurn,
        Ok(Variant::Sade) => Numbering::EveryTurn,
        Ok(Variant::Marseillais | Variant::MarseillaisClassical) => Numbering::Groups,
        _ => Numbering::PgnExport,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Numbering {
    EveryTurn,
    PgnExport,
    /// Marseillais: a number opens a group (M8); moves before a line's first number are split
    /// by the rules (M1).
    Groups,
}

/// Whether a turn is written without its move number: Marseillais moves written without
/// numbers, as the first turn of their line. The writer does not split them: which moves make
/// a turn is the referee's judgement (M1), not the notation's.
fn unnumbered(numbering: Numbering, turn: &Turn, previous: Option<&Turn>) -> bool {
    numbering == Numbering::Groups && previous.is_none() && turn.unnumbered
}

/// Black's turn directly continues White's: same number, one move each, no die face, and
/// nothing but NAGs between the two moves.
fn continues(previous: &Turn, turn: &Turn) -> bool {
    let one_move = |t: &Turn| t.face.is_none() && t.actions().count() == 1;
    previous.number.side == Side::White
        && turn.number.side == Side::Black
        && turn.number.number == previous.number.number
        && one_move(previous)
        && one_move(turn)
        && matches!(turn.items.first(), Some(Item::Action(_)))
        && previous
            .items
            .iter()
            .rev()
            .take_while(|item| !matches!(item, Item::Action(_)))
            .all(|item| matches!(item, Item::Nag(_)))
}

/// Movetext tokens laid out on lines of at most [`MAX_LINE`] characters.
struct Movetext<'a> {
    out: &'a mut String,
    numbering: Numbering,
    /// Characters on the current line.
    column: usize,
}

impl<'a> Movetext<'a> {
    fn new(out: &'a mut String, numbering: Numbering) -> Movetext<'a> {
        Movetext {
            out,
            numbering,
            column: 0,
        }
    }

    /// Places a token after a space, or on a new line when it would pass the limit. A token
    /// spanning lines (a comment with line breaks) is measured by its first line, and leaves the
    /// column at the length of its last.
    fn token(&mut self, token: &str) {
        let first = token.split('\n').next().unwrap_or("");
        let width = first.chars().count();
        if self.column > 0 {
            if self.column + 1 + width > MAX_LINE {
                self.out.push('\n');
                self.column = 0;
            } else {
                self.out.push(' ');
                self.column += 1;
            }
        }
        self.out.push_str(token);
        match token.rfind('\n') {
            Some(i) => self.column = token[i + 1..].chars().count(),
            None => self.column += width,
        }
    }

    /// A token that runs to the end of its line (`;` comment).
    fn line_token(&mut self, token: &str) {
        self.token(token);
        self.out.push('\n');
        self.column = 0;
    }

    /// The movetext, walked without recursion (variations may nest thousands deep in a record
    /// built in code).
    fn walk(&mut self, preamble: &[Item], turns: &[Turn]) {
        let numbering = self.numbering;
        nested::walk(preamble, turns, |event| match event {
            Event::Turn { turn, previous } => {
                let numbered = match (numbering, previous) {
                    (Numbering::PgnExport, Some(previous)) => !continues(previous, turn),
                    _ => !unnumbered(numbering, turn, previous),
                };
                if numbered {
                    self.token(&turn.number.to_string());
                }
                if let Some(face) = turn.face {
                    self.token(&format!("{}:", face.value));
                }
            }
            Event::Leaf(item) => self.item(item),
            Event::Open => self.token("("),
            Event::Close => self.token(")"),
        });
    }

    /// An action, comment or NAG.
    fn item(&mut self, item: &Item) {
        match item {
            Item::Action(action) => self.token(&action.to_string()),
            Item::Comment(comment) => match line_comments(&comment.text) {
                None => self.token(&format!("{{{}}}", comment.text)),
                Some(lines) => {
                    for line in lines {
                        if line.contains('}') {
                            self.line_token(&format!(";{line}"));
                        } else {
                            self.token(&format!("{{{line}}}"));
                        }
                    }
                }
            },
            Item::Nag(nag) => self.token(&format!("${}", nag.nag)),
            Item::Variation(_) => unreachable!("the walk opens variations itself"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_rank_puts_roster_then_setup_then_names() {
        let mut names = vec![
            "Annotator",
            "FEN",
            "Result",
            "Event",
            "Variant",
            "ECO",
            "SetUp",
        ];
        names.sort_by_key(|n| tag_rank(n));
        assert_eq!(
            names,
            [
                "Event",
                "Result",
                "Variant",
                "SetUp",
                "FEN",
                "Annotator",
                "ECO"
            ]
        );
    }

    #[test]
    fn tag_values_escape_backslash_and_quote() {
        let mut out = String::new();
        write_tag("Event", r#"a "b" \c"#, &mut out);
        assert_eq!(out, "[Event \"a \\\"b\\\" \\\\c\"]\n");
    }

    #[test]
    fn a_token_that_does_not_fit_goes_to_the_next_line() {
        let mut out = String::new();
        let mut text = Movetext::new(&mut out, Numbering::EveryTurn);
        text.token(&"a".repeat(78));
        text.token("bc");
        text.token(&"d".repeat(90));
        text.token("e");
        assert_eq!(
            out,
            format!("{}\nbc\n{}\ne", "a".repeat(78), "d".repeat(90))
        );
    }

    #[test]
    fn a_comment_spanning_lines_is_measured_by_its_first_and_last_line() {
        let mut out = String::new();
        let mut text = Movetext::new(&mut out, Numbering::EveryTurn);
        text.token(&"a".repeat(70));
        text.token("{12345\n6789}");
        text.token(&"b".repeat(70));
        text.token(&"c".repeat(9));
        assert_eq!(
            out,
            format!(
                "{} {{12345\n6789}} {}\n{}",
                "a".repeat(70),
                "b".repeat(70),
                "c".repeat(9)
            )
        );
    }
}
