//! Game records written as JSON: an array with one compact game object a line, or JSON Lines,
//! on a thread with a stack to fit when the variations nest deep.

use crate::record::Game;

/// The games as a JSON array, one compact game object a line, spans included, ending with a
/// newline. (Pretty-printed, the spans alone make the JSON some sixteen times the size of the
/// SDN text; `jq .` prints it pretty when a person wants to read it.)
pub fn to_json(games: &[Game]) -> String {
    let mut text = String::from("[");
    for (i, game) in games.iter().enumerate() {
        text.push_str(if i == 0 { "\n" } else { ",\n" });
        text.push_str(&to_json_value(game));
    }
    text.push_str(if games.is_empty() { "]" } else { "\n]" });
    text.push('\n');
    text
}

/// One game as a compact JSON object (no line break), as [`to_json`] writes each.
pub fn to_json_value(game: &Game) -> String {
    // A record has no map with non-string keys and its custom serializers cannot fail.
    let write = || serde_json::to_string(game).expect("a game record serializes to JSON");
    // serde's derived serializers recurse once per level of variations. The reader stops at
    // 20 levels, but a record built in code may nest thousands deep: it is written on a thread
    // whose stack fits its depth, whole, rather than overflowing this one.
    let depth = crate::write::plain::nested::depth(game);
    if depth <= SHALLOW {
        return write();
    }
    let stack = (depth + SHALLOW).saturating_mul(STACK_PER_LEVEL);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(stack)
            .spawn_scoped(scope, write)
            .unwrap_or_else(|e| {
                panic!("no {stack}-byte stack to write {depth} levels of variations: {e}")
            })
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// Variations this deep are written on the caller's stack.
const SHALLOW: usize = 64;

/// Stack for one level of variations in serde's serializers, with room to spare (a debug build
/// uses about 3 KB).
const STACK_PER_LEVEL: usize = 16 * 1024;

/// The games as JSON Lines: one compact game object a line.
pub fn to_json_lines(games: &[Game]) -> String {
    let mut text = String::new();
    for game in games {
        text.push_str(&to_json_value(game));
        text.push('\n');
    }
    text
}
