//! A whole game (or a file of games, with a game picker) as one self-contained HTML page: the
//! tags and the verdict, a board that steps through the game turn by turn and action by action
//! (buttons, arrow keys, a clickable move list), numbered arrows as in the SVG diagram, each
//! turn's die face, and the illegal action highlighted. Everything is inline (CSS, script,
//! the piece shapes, the game data as JSON): the page needs no network and no other file.
//!
//! The page honours a URL fragment: `#game=2&turn=12b&action=2` shows the position after the
//! second action of Black's 12th turn of the second game (`action=0`: before the turn). For
//! tests, `&press=3` then presses the right arrow key three times. A script error writes an
//! element `#script-error` into the page; a page that finished loading has `data-ready` on
//! its `<html>` element. The board after each step is in `#board`, one element per piece with
//! `data-square` and `data-piece`. `#trace` makes the page step through every game and write
//! one line per step into `#trace` (game, turn, action, board, pools, the action in words, the
//! badges' places): what the browser test compares with the referee.
//!
//! The data holds no board but the start: each action is the move the referee resolved it to
//! (from, to, promotion, castling rook, en passant victim, sacrifice, resurrection; see
//! `resolved_code`) and the page applies it to the board it has. It decides nothing about
//! legality: it replays what the referee resolved. A game is
//! `{number, title, variant, sade, verdict, bad, tags, start: {board, pools}, rest, turns}`;
//! a turn is `[label, face (0: none), actions, {v: verdict, bad, c: comments}?]`, the verdict
//! left out when it is "legal" or the game's `rest` (`[from turn index, verdict]`); an action
//! is `[written, code, flags?]`.

use serde_json::{Value, json};
use shakmaty::Color;

use super::chart::review_block;
use super::model::{ActionView, GameView, Shape};
use super::review::{Judgement, Review};
use super::svg::{self, Mark, escape};
use crate::record::Face;

/// The colour of the best turn's arrows (an analysed game): none of the played actions' colours.
pub const BEST: &str = "#2e7d32";

/// The page's script: the files of `report/`, one per job, joined in this order inside one
/// function, so that they share its scope and its `'use strict'` and leave nothing global.
/// `common.js` comes first (the others' top-level lines read its data) and `start.js` last (it
/// opens the page, when every other file has run).
const SCRIPT: &str = concat!(
    "// sade-ref report: steps through the games in #data; the files of src/render/report/.\n",
    "(function () {\n'use strict';\n\n",
    include_str!("report/common.js"),
    "\n",
    include_str!("report/replay.js"),
    "\n",
    include_str!("report/layout.js"),
    "\n",
    include_str!("report/draw.js"),
    "\n",
    include_str!("report/page.js"),
    "\n",
    include_str!("report/moves.js"),
    "\n",
    include_str!("report/fragment.js"),
    "\n",
    include_str!("report/trace.js"),
    "\n",
    include_str!("report/review.js"),
    "\n",
    include_str!("report/start.js"),
    "})();\n",
);
const STYLE: &str = include_str!("report.css");

/// What the referee resolved an action to, in a few characters (the page applies it; see the
/// module docs): `e2e4`, `e7e8=q`, `e1g1/h1f1` (castling: the king, then the rook),
/// `e5d6xd5` (en passant: the pawn taken), `-a1` (sacrifice), `Q@d4` (resurrection), `--`,
/// `?e4` or `?` (written, not played).
fn resolved_code(action: &ActionView) -> String {
    match action.shape {
        Shape::Move { from, to } => {
            let mut code = format!("{from}{to}");
            if let Some(role) = action.promotion {
                code.push('=');
                code.push(role.char());
            }
            if let Some((rook_from, rook_to)) = action.rook {
                code.push_str(&format!("/{rook_from}{rook_to}"));
            }
            if let Some(victim) = action.en_passant {
                code.push_str(&format!("x{victim}"));
            }
            code
        }
        Shape::Sacrifice { square } => format!("-{square}"),
        Shape::Resurrection { square } => match action.piece {
            Some(piece) => format!("{}@{square}", piece.char()),
            None => format!("?{square}"),
        },
        Shape::Nothing => "--".to_owned(),
        Shape::Unplayed { square } => {
            format!("?{}", square.map(|s| s.to_string()).unwrap_or_default())
        }
    }
}

/// `[written, code]`, with a third element when the action is the illegal one (`o`) or void
/// (`v`).
fn action(action: &ActionView) -> Value {
    let mut flags = String::new();
    if action.offending {
        flags.push('o');
    }
    if action.void {
        flags.push('v');
    }
    let mut item = vec![json!(action.written), json!(resolved_code(action))];
    if !flags.is_empty() {
        item.push(json!(flags));
    }
    Value::Array(item)
}

/// An analysed game's turns for the script: `{i: record turn index, j: judgement, w: words,
/// best: [action]}` (the best turn's actions as the played ones are written).
fn review_data(review: &Review) -> Value {
    let turns: Vec<Value> = review
        .turns
        .iter()
        .map(|t| {
            json!({
                "i": t.index,
                "j": t.judgement.map(Judgement::name),
                "w": t.words,
                "best": t.best.iter().map(action).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({ "turns": turns })
}

fn game_data(game: &GameView, review: Option<&Review>) -> Value {
    let tag = |name: &str| {
        game.tags
            .iter()
            .find(|(n, _)| n == name)
            .map_or("?", |(_, v)| v.as_str())
            .to_owned()
    };
    let title = format!(
        "{} – {} ({}, {})",
        tag("White"),
        tag("Black"),
        tag("Event"),
        tag("Date")
    );
    // The verdict the last turns share when the record is invalid or ended before them: said
    // once for the game.
    let rest_text = game
        .turns
        .last()
        .map(|t| t.verdict.as_str())
        .filter(|v| v.starts_with("not judged") || v.starts_with("void"));
    let rest_from = rest_text.map(|text| {
        game.turns
            .iter()
            .rposition(|t| t.verdict != text)
            .map_or(0, |i| i + 1)
    });
    let turns: Vec<Value> = game
        .turns
        .iter()
        .map(|turn| {
            let mut extra = serde_json::Map::new();
            let in_rest = rest_from.is_some_and(|from| turn.index >= from);
            if turn.verdict != "legal" && !in_rest {
                extra.insert("v".to_owned(), json!(turn.verdict));
            }
            if turn.invalid {
                extra.insert("bad".to_owned(), json!(1));
            }
            if !turn.comments.is_empty() {
                extra.insert("c".to_owned(), json!(turn.comments));
            }
            let mut item = vec![
                json!(turn.label),
                json!(turn.face.map_or(0, Face::get)),
                Value::Array(turn.actions.iter().map(action).collect()),
            ];
            if !extra.is_empty() {
                item.push(Value::Object(extra));
            }
            Value::Array(item)
        })
        .collect();
    let mut data = json!({
        "number": game.number,
        "title": title,
        "variant": game.variant,
        "sade": game.sade,
        "verdict": game.verdict,
        "bad": game.at_fault,
        "tags": game.tags,
        "start": {
            "board": game.start.board_letters(),
            "pools": if game.sade { game.start.pool_letters() } else { String::new() },
        },
        "rest": rest_from.zip(rest_text).map(|(from, text)| json!([from, text])),
        "turns": turns,
    });
    if let Some(review) = review {
        data["review"] = review_data(review);
    }
    data
}

/// The JSON text safe inside a `<script>` element whatever the strings hold: `<`, `>`, `&`,
/// U+2028 and U+2029 written as `\u` escapes (they can only occur inside JSON strings, where
/// the escape means the same character), so that no `</script>`, `<!--` or line separator in
/// a tag, comment or name can end the element or change how it is read.
pub fn script_json(value: &Value) -> String {
    let text = value.to_string();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The page for one or more games. `unread` names the games of the file that could not be
/// shown (their number and why): the picker lists them, so that every game keeps its file's
/// number.
pub fn page(games: &[GameView], unread: &[(usize, String)], title: &str) -> String {
    page_with_reviews(games, &[], unread, title)
}

/// The page, with the analysis of the games that have one (`reviews[i]` is `games[i]`'s; a
/// shorter list leaves the rest without): a chart, the best turns as arrows, each turn and
/// each player in words. Without any, the page is [`page`]'s.
pub fn page_with_reviews(
    games: &[GameView],
    reviews: &[Option<Review>],
    unread: &[(usize, String)],
    title: &str,
) -> String {
    let review_of = |i: usize| reviews.get(i).and_then(Option::as_ref);
    let data = Value::Array(
        games
            .iter()
            .enumerate()
            .map(|(i, g)| game_data(g, review_of(i)))
            .collect(),
    );
    let blocks: String = games
        .iter()
        .enumerate()
        .filter_map(|(i, g)| review_of(i).map(|r| review_block(g, r)))
        .collect();
    let analysis = if blocks.is_empty() {
        String::new()
    } else {
        format!("<div id=\"analysis\">\n{blocks}</div>\n")
    };
    let unread = Value::Array(
        unread
            .iter()
            .map(|(number, reason)| json!({ "number": number, "reason": reason }))
            .collect(),
    );
    let colours = json!({
        "light": svg::LIGHT,
        "dark": svg::DARK,
        "white": svg::piece_paint(Color::White),
        "black": svg::piece_paint(Color::Black),
        "own": svg::OWN,
        "opponent": svg::OPPONENT,
        "offending": svg::OFFENDING,
        "sacrifice": svg::SACRIFICE,
        "unplayed": svg::UNPLAYED,
        "heads": [svg::OWN, svg::OPPONENT, svg::OFFENDING, svg::SACRIFICE],
        "arrow": svg::ARROW_STROKE,
        "rook": svg::ROOK_STROKE,
        "best": BEST,
        "head": super::layout::HEAD,
        "badge": super::layout::BADGE,
        "keys": {
            "sade": svg::key(&Mark::all(true), true),
            "other": svg::key(&Mark::all(false), false),
        },
    });
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<script>
window.onerror = function (message, source, line) {{
  var marker = document.createElement('div');
  marker.id = 'script-error';
  marker.textContent = 'script error: ' + message + ' (line ' + line + ')';
  (document.body || document.documentElement).appendChild(marker);
}};
</script>
<style>
{STYLE}
</style>
</head>
<body>
<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>
{symbols}
</defs></svg>
<header>
  <h1 id="title"></h1>
  <label id="picker-box">Game <select id="picker"></select></label>
  <p id="notice" role="status"></p>
  <p id="verdict"></p>
  <table id="tags"></table>
</header>
<main>
  <section id="stage">
    <div id="turn-line"><svg id="die" viewBox="0 0 100 100" width="56" height="56"></svg><span id="turn-title"></span></div>
    <svg id="board" viewBox="0 0 880 880" role="img" aria-label="the board"></svg>
    <div id="pools"></div>
    <nav>
      <button id="first" title="start (Home)">|◀</button>
      <button id="prev" title="back (←)">◀</button>
      <button id="next" title="forward (→)">▶</button>
      <button id="last" title="end (End)">▶|</button>
    </nav>
    <p id="action-line"></p>
    <p id="turn-verdict"></p>
    <p id="key"></p>
    <div id="status"></div>
  </section>
  <div id="side">
{analysis}  <section id="moves-box"><h2>Moves</h2><ol id="moves"></ol></section>
  </div>
</main>
<script type="application/json" id="data">{data}</script>
<script type="application/json" id="unread">{unread}</script>
<script type="application/json" id="colours">{colours}</script>
<script>
{SCRIPT}
</script>
</body>
</html>
"#,
        title = escape(title),
        symbols = svg::PIECE_SYMBOLS,
        data = script_json(&data),
        colours = script_json(&colours),
        unread = script_json(&unread),
    )
}
