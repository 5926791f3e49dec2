//! The board the page draws, chessground, vendored pinned: each file is the one its
//! `SHA256SUMS` names, the licence and the version go with it, and the server serves the files
//! as they are, each with its type.

use std::path::Path;

use sha2::{Digest, Sha256};

use super::{Server, scratch};

const FOLDER: &str = "src/serve/assets/chessground";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `(sum, file)` of each line of `SHA256SUMS`.
fn sums() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(Path::new(FOLDER).join("SHA256SUMS")).expect("SHA256SUMS");
    text.lines()
        .map(|line| {
            let (sum, file) = line.split_once("  ").expect("`SUM  FILE`");
            (sum.to_owned(), file.to_owned())
        })
        .collect()
}

#[test]
fn each_vendored_file_is_the_one_its_sum_names() {
    let sums = sums();
    let names: Vec<&str> = sums.iter().map(|(_, f)| f.as_str()).collect();
    assert_eq!(
        names,
        [
            "chessground.min.js",
            "chessground.base.css",
            "chessground.brown.css",
            "chessground.cburnett.css",
            "LICENSE"
        ]
    );
    for (sum, file) in &sums {
        let bytes = std::fs::read(Path::new(FOLDER).join(file)).expect("the file");
        assert_eq!(
            &hex(&Sha256::digest(&bytes)),
            sum,
            "{file} is not the one vendored"
        );
    }
    let version = std::fs::read_to_string(Path::new(FOLDER).join("VERSION")).expect("VERSION");
    assert!(
        version.contains("package @lichess-org/chessground"),
        "{version}"
    );
    assert!(version.contains("version 10."), "{version}");
    let licence = std::fs::read_to_string(Path::new(FOLDER).join("LICENSE")).expect("LICENSE");
    assert!(licence.contains("GNU GENERAL PUBLIC LICENSE") && licence.contains("Version 3"));
}

#[test]
fn the_server_serves_the_board_as_vendored() {
    let server = Server::start(&scratch("board_files"), &[]);
    for (file, kind) in [
        ("chessground.min.js", "text/javascript"),
        ("chessground.base.css", "text/css"),
        ("chessground.cburnett.css", "text/css"),
        ("LICENSE", "text/plain"),
        ("VERSION", "text/plain"),
    ] {
        let answer = server.get(&format!("/chessground/{file}"));
        assert_eq!(answer.status, 200, "{file}");
        assert!(
            answer
                .header("content-type")
                .is_some_and(|t| t.starts_with(kind)),
            "{file}: {:?}",
            answer.header("content-type")
        );
        let on_disk = std::fs::read_to_string(Path::new(FOLDER).join(file)).expect("the file");
        assert_eq!(answer.text, on_disk, "{file}");
    }
    assert_eq!(server.get("/chessground/../Cargo.toml").status, 404);
    assert_eq!(server.get("/chessground/chessground.js").status, 404);
}
