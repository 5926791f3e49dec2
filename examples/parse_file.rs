//! Reads files with the SDN reader and prints how many games read (for profiling the reader).
fn main() {
    for path in std::env::args().skip(1) {
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        let mut text = Vec::new();
        for _ in 0..10 {
            text.extend_from_slice(&bytes);
        }
        let games = sade_ref::parse::parse_bytes(&text);
        println!("{path}: {} games", games.len());
    }
}
