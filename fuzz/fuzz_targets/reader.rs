//! The reader on arbitrary bytes: it may refuse them, never panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in sade_ref::parse::parse_bytes(data) {
        if let Err(error) = game {
            // The error is located inside the input.
            assert!(error.span.end <= data.len(), "span past the end: {error:?}");
            let _ = error.to_string();
        }
    }
});
