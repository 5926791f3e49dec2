//! parse → write → parse, on anything that parses: the canonical text reads back as one game,
//! equal to `normalize` of the first.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sade_ref::write::sdn;

fuzz_target!(|data: &[u8]| {
    for game in sade_ref::parse::parse_bytes(data).into_iter().flatten() {
        let text = sdn::to_sdn(&game);
        // What the records say, wherever their texts placed it: compared without spans.
        let read: Vec<_> = sade_ref::parse::parse_str(&text)
            .into_iter()
            .map(|r| r.map(|g| g.without_spans()))
            .collect();
        assert_eq!(
            read,
            vec![Ok(sdn::normalize(&game).without_spans())],
            "the canonical text does not read back:\n{text}"
        );
        assert_eq!(
            sdn::to_sdn(&sdn::normalize(&game)),
            text,
            "write(normalize(g)) != write(g)"
        );
    }
});
