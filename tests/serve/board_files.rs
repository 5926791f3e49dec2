//! The page's files: the board, chessground, vendored pinned (each file the one its
//! `SHA256SUMS` names, the licence and the version with it), served as they are, each with its
//! type; and the whole page, under 300 KB, served compressed to a browser that accepts gzip.

use std::io::{Read as _, Write as _};
use std::net::TcpStream;
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

/// `GET path` over a plain connection, accepting gzip: the status line's code, the headers
/// (names in lower case) and the body's bytes as sent. (The tests' HTTP client would undo the
/// compression this test is about.)
fn raw_get(server: &Server, path: &str) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let address = server.url.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).expect("a connection");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nAccept-Encoding: gzip, br;q=0\r\nConnection: close\r\n\r\n"
    )
    .expect("the request");
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).expect("the answer");
    let end = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("the end of the headers");
    let head = String::from_utf8_lossy(&bytes[..end]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .expect("a status");
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    (status, headers, bytes[end + 4..].to_vec())
}

/// The files the page loads: itself, then each stylesheet and script its HTML names.
fn page_files(html: &str) -> Vec<String> {
    let mut files = vec!["/".to_owned()];
    for attribute in ["href=\"", "src=\""] {
        for (at, _) in html.match_indices(attribute) {
            let rest = &html[at + attribute.len()..];
            let path = &rest[..rest.find('"').expect("a closing quote")];
            if path.starts_with('/') {
                files.push(path.to_owned());
            }
        }
    }
    files
}

#[test]
fn the_page_weighs_under_300_kb_and_is_served_compressed() {
    let server = Server::start(&scratch("page_weight"), &[]);
    let html = server.get("/").text;
    let files = page_files(&html);
    assert!(
        files.iter().any(|f| f.ends_with("chessground.min.js"))
            && files
                .iter()
                .any(|f| f.ends_with("chessground.cburnett.css")),
        "{files:?}"
    );
    let (mut plain, mut sent) = (0, 0);
    for file in &files {
        let whole = server.get(file);
        assert_eq!(whole.status, 200, "{file}");
        let (status, headers, body) = raw_get(&server, file);
        assert_eq!(status, 200, "{file}");
        let header = |name: &str| {
            headers
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(header("content-encoding"), Some("gzip"), "{file}");
        assert!(
            header("vary").is_some_and(|v| v.contains("accept-encoding")),
            "{file}"
        );
        let mut unpacked = String::new();
        flate2::read::GzDecoder::new(body.as_slice())
            .read_to_string(&mut unpacked)
            .expect("gzip");
        assert_eq!(
            unpacked, whole.text,
            "{file}: the compressed file is the file"
        );
        plain += whole.text.len();
        sent += body.len();
    }
    assert!(plain < 300_000, "the page weighs {plain} bytes");
    assert!(sent * 3 < plain, "compressed, {sent} bytes of {plain}");
}
