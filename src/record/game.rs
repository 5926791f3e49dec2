//! A game as its record says it: tag pairs, turns, their items, variations and the result.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::face::Face;
use super::span::Span;
use super::variant::{UnknownVariant, Variant};

/// One game: tag pairs, then the main line of turns, then the result token.
///
/// Read from JSON strictly: a field that spec/sdn.schema.json does not name is refused, never
/// skipped (through `GameFields`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "GameFields")]
pub struct Game {
    /// Every tag pair, in the order written, unknown ones included.
    pub tags: Vec<Tag>,
    /// Comments (and NAGs) written before the first turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preamble: Vec<Item>,
    pub turns: Vec<Turn>,
    /// The result token closing the movetext; `None` when the text ends without one.
    #[serde(default)]
    pub result: Option<GameResult>,
    #[serde(default)]
    pub span: Span,
}

/// A game as JSON writes it: every field the schema allows, none other. `verdict` is what
/// `convert --annotate` adds; the referee works it out again, so it is read and set aside.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameFields {
    tags: Vec<Tag>,
    #[serde(default)]
    preamble: Vec<Item>,
    turns: Vec<Turn>,
    #[serde(default)]
    result: Option<GameResult>,
    #[serde(default)]
    span: Span,
    #[serde(default, rename = "verdict")]
    _verdict: Option<serde::de::IgnoredAny>,
}

impl From<GameFields> for Game {
    fn from(fields: GameFields) -> Game {
        Game {
            tags: fields.tags,
            preamble: fields.preamble,
            turns: fields.turns,
            result: fields.result,
            span: fields.span,
        }
    }
}

impl Game {
    /// The value of the first tag with this name (names compare exactly, as in PGN).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// Sets a tag, replacing the first one with this name or appending a new one.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|t| t.name == name) {
            Some(tag) => tag.value = value,
            None => self.tags.push(Tag {
                name: name.to_owned(),
                value,
                span: Span::default(),
            }),
        }
    }

    /// The game the record is (its `Variant` tag; without one, Sade when a turn of the main
    /// line has a die face, Standard otherwise).
    ///
    /// # Errors
    /// [`super::UnknownVariant`] when the tag names a game sade-ref has no rules for.
    pub fn variant(&self) -> Result<Variant, UnknownVariant> {
        let tag = self.tag("Variant");
        // The turns are looked at only when no tag names the game.
        let named = tag.is_some_and(|v| !v.trim().is_empty());
        Variant::of_record(tag, !named && self.has_die_faces())
    }

    /// The game's name as sade-ref writes its `Variant` tag (`Marseillais Classical`), or the
    /// tag as written when it names a game sade-ref has no rules for.
    pub fn variant_name(&self) -> String {
        self.variant()
            .map_or_else(|unknown| unknown.name, |known| known.tag().to_owned())
    }

    /// The record as it stood before turn `index` (0-based): the turns before it, without the
    /// result token and the `Result` and `Termination` tags, which speak of the game's end and
    /// claim nothing about an earlier position (a draw is claimed in the final position, FIDE
    /// 9.2, 9.3; a declared end does not count).
    pub fn before_turn(&self, index: usize) -> Game {
        let mut before = self.clone();
        before.turns.truncate(index);
        before.result = None;
        before
            .tags
            .retain(|t| !matches!(t.name.as_str(), "Result" | "Termination"));
        before
    }

    /// Whether any turn of the main line carries a die face.
    pub fn has_die_faces(&self) -> bool {
        self.turns.iter().any(|t| t.face.is_some())
    }
}

/// A tag pair `[Name "value"]`; the value is stored decoded (`\"` and `\\` unescaped).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tag {
    pub name: String,
    pub value: String,
    #[serde(default)]
    pub span: Span,
}

/// The result token: `1-0`, `0-1`, `1/2-1/2` or `*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    #[serde(rename = "*")]
    Unknown,
}

impl GameResult {
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads the canonical spellings only (the parser's lenient ones live in `parse`).
    pub fn from_ascii(text: &[u8]) -> Option<GameResult> {
        match text {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

/// The side a move number announces: `12.` is White's, `12...` is Black's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    White,
    Black,
}

impl From<shakmaty::Color> for Side {
    fn from(color: shakmaty::Color) -> Side {
        match color {
            shakmaty::Color::White => Side::White,
            shakmaty::Color::Black => Side::Black,
        }
    }
}

impl From<Side> for shakmaty::Color {
    fn from(side: Side) -> shakmaty::Color {
        shakmaty::Color::from_white(side == Side::White)
    }
}

impl Side {
    /// "White" or "Black": the one place a side becomes a word.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// A move number with its side. When the text leaves it out, the parser counts it on from the
/// turn before (or from the FEN tag's side to move and move number), so every turn has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveNumber {
    pub number: u32,
    pub side: Side,
}

impl MoveNumber {
    /// The number of the turn that follows this one.
    #[must_use]
    pub fn next(self) -> MoveNumber {
        match self.side {
            Side::White => MoveNumber {
                number: self.number,
                side: Side::Black,
            },
            Side::Black => MoveNumber {
                number: self.number.saturating_add(1),
                side: Side::White,
            },
        }
    }
}

impl std::fmt::Display for MoveNumber {
    /// `12.` or `12...`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.side {
            Side::White => write!(f, "{}.", self.number),
            Side::Black => write!(f, "{}...", self.number),
        }
    }
}

/// A die face `1:` … `6:` (or ⚀ … ⚅) opening a turn of Marquis de Sade chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieFace {
    pub value: Face,
    #[serde(default)]
    pub span: Span,
}

/// One player's turn: move number, die face (Sade only) and what was written after them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    pub number: MoveNumber,
    /// Marseillais chess: the moves were written without a move number, before the first number
    /// of their line (`e4 e5 Nc6 Nf3 …`). They are not one turn: the referee splits them into
    /// turns by the rules (M1), and `number` is the count's number of the first of them. Every
    /// other turn is one turn, labelled `number` (M8), whatever its spans say. Only the first
    /// turn of a line of a Marseillais record (without die faces) can be written so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unnumbered: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<DieFace>,
    pub items: Vec<Item>,
    #[serde(default)]
    pub span: Span,
}

impl Turn {
    /// The turn's actions in order, without comments, NAGs and variations.
    pub fn actions(&self) -> impl Iterator<Item = &Action> + '_ {
        self.items.iter().filter_map(|item| match item {
            Item::Action(action) => Some(action),
            _ => None,
        })
    }
}

/// What a turn holds, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Item {
    Action(Action),
    Comment(Comment),
    Nag(Nag),
    Variation(Variation),
}

/// `{text}` or `; text` to the end of the line; the text is kept exactly, spaces included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Comment {
    pub text: String,
    #[serde(default)]
    pub span: Span,
}

/// A numeric annotation glyph `$n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nag {
    pub nag: u8,
    #[serde(default)]
    pub span: Span,
}

/// `( … )`: an alternative line, starting where the action before it started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variation {
    /// Comments written before the variation's first turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preamble: Vec<Item>,
    pub turns: Vec<Turn>,
    #[serde(default)]
    pub span: Span,
}

impl Game {
    /// The same record with every span empty: what it says, not where its text said it. Two
    /// records say the same thing when their `without_spans` are equal (`parse(write(g))`
    /// against `normalize(g)`, JSON read back against the record). Walks variations with its own
    /// stack, however deep they nest.
    #[must_use]
    pub fn without_spans(&self) -> Game {
        let mut game = self.clone();
        game.span = Span::default();
        for tag in &mut game.tags {
            tag.span = Span::default();
        }
        let mut stack: Vec<&mut Vec<Item>> = vec![&mut game.preamble];
        let mut turns: Vec<&mut Vec<Turn>> = vec![&mut game.turns];
        loop {
            if let Some(list) = turns.pop() {
                for turn in list.iter_mut() {
                    turn.span = Span::default();
                    if let Some(face) = &mut turn.face {
                        face.span = Span::default();
                    }
                    stack.push(&mut turn.items);
                }
                continue;
            }
            let Some(items) = stack.pop() else { break };
            for item in items.iter_mut() {
                match item {
                    Item::Action(action) => action.span = Span::default(),
                    Item::Comment(comment) => comment.span = Span::default(),
                    Item::Nag(nag) => nag.span = Span::default(),
                    Item::Variation(variation) => {
                        variation.span = Span::default();
                        stack.push(&mut variation.preamble);
                        turns.push(&mut variation.turns);
                    }
                }
            }
        }
        game
    }
}
