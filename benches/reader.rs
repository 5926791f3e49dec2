//! Reader throughput: sade-ref's `convert --to json` pipeline against pgn-reader on the same
//! text, measured in the same run (the machines are shared and noisy: compare the ratio).
//!
//! `cargo bench --bench reader` — the text is made here, in memory, never committed: the 1 MB
//! lichess sample of `tests/data` repeated to about 30 MB (generated games when it is missing),
//! Each measurement is the best of five runs.

mod support;

use std::time::Duration;

use support::best_of;

use pgn_reader::Reader;
use support::pgn::{Count, Keep};

fn text() -> (String, &'static str) {
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pgn/lichess/lichess_db_1000k.pgn");
    match std::fs::read_to_string(sample) {
        Ok(one) => {
            let mut text = String::with_capacity(one.len() * 31);
            while text.len() < 30_000_000 {
                text.push_str(&one);
                text.push('\n');
            }
            (text, "lichess_db_1000k.pgn repeated")
        }
        Err(_) => {
            let game = "[Event \"g\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 { [%clk 0:03:00] } e5 2. Nf3 Nc6 3. Bb5 a6 {comment} 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0\n\n";
            (game.repeat(30_000_000 / game.len()), "generated games")
        }
    }
}

fn main() {
    let (text, what) = text();
    let mb = text.len() as f64 / 1e6;
    println!("input: {what}, {mb:.1} MB");
    let rate = |d: Duration| mb / d.as_secs_f64();

    let (parse, games) = best_of(5, || {
        sade_ref::parse::parse_str(&text)
            .iter()
            .filter(|g| g.is_ok())
            .count()
    });
    let (convert, json_len) = best_of(5, || {
        let games: Vec<_> = sade_ref::parse::parse_str(&text)
            .into_iter()
            .filter_map(Result::ok)
            .collect();
        sade_ref::write::json::to_json(&games).len()
    });
    let (count, _) = best_of(5, || {
        let mut reader = Reader::new(text.as_bytes());
        let mut n = 0;
        while let Ok(Some(moves)) = reader.read_game(&mut Count) {
            n += moves;
        }
        n
    });
    let (keep, _) = best_of(5, || {
        let mut reader = Reader::new(text.as_bytes());
        let mut n = 0;
        while let Ok(Some(kept)) = reader.read_game(&mut Keep { play: false }) {
            n += kept.moves.len() + kept.tags.len() + kept.comments.len();
        }
        n
    });
    println!(
        "sade-ref parse (records)           {:>8.1} MB/s  ({games} games)",
        rate(parse)
    );
    println!(
        "sade-ref parse + to_json (convert)  {:>8.1} MB/s  ({:.1} MB of JSON)",
        rate(convert),
        json_len as f64 / 1e6
    );
    println!(
        "pgn-reader, counting visitor        {:>8.1} MB/s",
        rate(count)
    );
    println!(
        "pgn-reader, owning visitor          {:>8.1} MB/s",
        rate(keep)
    );
    println!(
        "ratios: convert / pgn-reader counting = {:.2}, parse / pgn-reader owning = {:.2}",
        count.as_secs_f64() / convert.as_secs_f64(),
        keep.as_secs_f64() / parse.as_secs_f64()
    );
}
