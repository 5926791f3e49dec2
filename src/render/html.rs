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
//! `data-square` and `data-piece`.

use serde_json::{Value, json};
use shakmaty::{Color, Role, Square};

use super::model::{ActionView, GameView, Shape, Snapshot};
use super::svg::{self, escape};
use super::{describe, glyph};

const SCRIPT: &str = include_str!("report.js");
const STYLE: &str = include_str!("report.css");

/// 64 characters, a1 first: the piece letter (`P`, `n`, …) or `.`.
fn board_text(snapshot: &Snapshot) -> String {
    Square::ALL
        .into_iter()
        .map(|sq| snapshot.board.piece_at(sq).map_or('.', |p| p.char()))
        .collect()
}

/// The pools as symbols, strongest first: `{"white": "♕♘", "black": ""}`.
fn pools(snapshot: &Snapshot) -> Value {
    let list = |color: Color| -> String {
        let pool = snapshot.pools.get(color);
        let mut text = String::new();
        for role in [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ] {
            for _ in 0..*pool.get(role) {
                text.push(glyph(role.of(color)));
            }
        }
        text
    };
    json!({ "white": list(Color::White), "black": list(Color::Black) })
}

fn position(snapshot: &Snapshot) -> Value {
    json!({ "board": board_text(snapshot), "pools": pools(snapshot) })
}

fn action(action: &ActionView) -> Value {
    let (kind, from, to) = match action.shape {
        Shape::Move { from, to } => ("move", Some(from), Some(to)),
        Shape::Sacrifice { square } => ("sacrifice", None, Some(square)),
        Shape::Resurrection { square } => ("resurrection", None, Some(square)),
        Shape::Nothing => ("nothing", None, None),
        Shape::Unplayed { square } => ("unplayed", None, square),
    };
    json!({
        "n": action.number,
        "written": action.written,
        "describe": describe(action),
        "kind": kind,
        "from": from.map(|s| s.to_string()),
        "to": to.map(|s| s.to_string()),
        "colour": svg::action_colour(action),
        "dashed": action.opponent_piece && !action.offending,
        "offending": action.offending,
        "after": action.after.as_ref().map(position),
    })
}

fn game_data(game: &GameView) -> Value {
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
    let turns: Vec<Value> = game
        .turns
        .iter()
        .map(|turn| {
            json!({
                "label": turn.label,
                "key": format!("{}{}", turn.label.trim_end_matches('.'), turn.side.fold_wb("w", "b")),
                "side": turn.side.fold_wb("White", "Black"),
                "face": turn.face,
                "verdict": turn.verdict,
                "invalid": turn.invalid,
                "before": position(&turn.before),
                "actions": turn.actions.iter().map(action).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "number": game.number,
        "title": title,
        "variant": game.variant,
        "verdict": game.verdict,
        "tags": game.tags,
        "start": position(&game.start),
        "turns": turns,
    })
}

/// The JSON text safe inside a `<script>` element.
fn script_json(value: &Value) -> String {
    value
        .to_string()
        .replace("</", "<\\/")
        .replace("<!--", "<\\!--")
}

/// The page for one or more games. `unread` names the games of the file that could not be
/// shown (their number and why): the picker lists them, so that every game keeps its file's
/// number.
pub fn page(games: &[GameView], unread: &[(usize, String)], title: &str) -> String {
    let data = Value::Array(games.iter().map(game_data).collect());
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
        "heads": [svg::OWN, svg::OPPONENT, svg::OFFENDING, svg::SACRIFICE],
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
    <p id="key">{key}</p>
    <p id="action-line"></p>
    <p id="turn-verdict"></p>
    <div id="status"></div>
  </section>
  <section id="moves-box"><h2>Moves</h2><ol id="moves"></ol></section>
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
        key = escape(svg::KEY),
        data = script_json(&data),
        colours = script_json(&colours),
        unread = script_json(&unread),
    )
}
