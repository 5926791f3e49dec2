fn main() {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap();
        let games = sade_ref::parse::parse_bytes(&bytes);
        let ok = games.iter().filter(|g| g.is_ok()).count();
        let moves: usize = games
            .iter()
            .filter_map(|g| g.as_ref().ok())
            .map(|g| g.turns.iter().map(|t| t.actions().count()).sum::<usize>())
            .sum();
        println!("{path}: {} games, {ok} ok, {moves} actions", games.len());
        for g in games.iter().filter_map(|g| g.as_ref().err()).take(3) {
            println!(
                "   error at {}..{}: {} | {:?}",
                g.span.start,
                g.span.end,
                g,
                String::from_utf8_lossy(
                    &bytes[g.span.start..g.span.end.min(bytes.len()).min(g.span.start + 40)]
                )
            );
        }
    }
}
