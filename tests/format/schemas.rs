//! The published JSON schemas (spec/sdn.schema.json, spec/verdict.schema.json), checked with a
//! maintained JSON Schema validator (the `jsonschema` crate), against what the tool writes for
//! every corpus file: the converted record, the annotated record and the verify report.

use std::sync::OnceLock;

use jsonschema::Validator;
use sade_ref::parse::parse_bytes;
use sade_ref::verdict_line::VerdictLine;
use sade_ref::write::json;
use serde_json::Value;

use crate::support::{corpus_files, display};

fn compile(text: &str, name: &str) -> Validator {
    let schema: Value =
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"));
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{name} is not a schema: {e}"))
}

fn sdn_schema() -> &'static Validator {
    static SCHEMA: OnceLock<Validator> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        compile(
            include_str!("../../spec/sdn.schema.json"),
            "sdn.schema.json",
        )
    })
}

fn verdict_schema() -> &'static Validator {
    static SCHEMA: OnceLock<Validator> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        compile(
            include_str!("../../spec/verdict.schema.json"),
            "verdict.schema.json",
        )
    })
}

fn errors(validator: &Validator, instance: &Value) -> Vec<String> {
    validator
        .iter_errors(instance)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// The errors of a record document (an array of games, or one game) against
/// spec/sdn.schema.json; empty when it is valid.
pub fn sdn_errors(instance: &Value) -> Vec<String> {
    errors(sdn_schema(), instance)
}

/// The errors of one verify report line against spec/verdict.schema.json.
pub fn verdict_errors(instance: &Value) -> Vec<String> {
    errors(verdict_schema(), instance)
}

#[test]
fn every_corpus_file_converts_annotates_and_verifies_to_valid_json() {
    let files = corpus_files("corpus", &["sdn", "pgn"]);
    assert!(files.len() > 150, "{} corpus files", files.len());
    let mut wrong = Vec::new();
    let mut reports = 0;
    for path in &files {
        let name = display(path);
        let source = std::fs::read(path).unwrap();
        for (i, game) in parse_bytes(&source).into_iter().enumerate() {
            let report = match &game {
                Ok(game) => {
                    let converted: Value =
                        serde_json::from_str(&json::to_json_value(game)).unwrap();
                    for e in sdn_errors(&converted) {
                        wrong.push(format!("{name} #{}: converted: {e}", i + 1));
                    }
                    let annotated: Value =
                        serde_json::from_str(&sade_ref::write::annotated::to_json(game)).unwrap();
                    for e in sdn_errors(&annotated) {
                        wrong.push(format!("{name} #{}: annotated: {e}", i + 1));
                    }
                    let verdict = sade_ref::referee::verify(game);
                    serde_json::to_value(VerdictLine::of_verdict(
                        &name,
                        i + 1,
                        &source,
                        game,
                        &verdict,
                    ))
                }
                Err(error) => {
                    serde_json::to_value(VerdictLine::of_syntax_error(&name, i + 1, &source, error))
                }
            }
            .unwrap();
            reports += 1;
            for e in verdict_errors(&report) {
                wrong.push(format!("{name} #{}: verify report: {e}", i + 1));
            }
        }
    }
    assert!(reports > 150, "{reports} reports");
    assert!(
        wrong.is_empty(),
        "{} errors:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_verdict_schema_rejects_what_it_should() {
    let source = b"[Variant \"Sade\"]\n\n1. 1: Ke7 *\n";
    let games = parse_bytes(source);
    let game = games[0].as_ref().unwrap();
    let verdict = sade_ref::referee::verify(game);
    let valid =
        serde_json::to_value(VerdictLine::of_verdict("x.sdn", 1, source, game, &verdict)).unwrap();
    assert_eq!(verdict_errors(&valid), Vec::<String>::new());
    type Mutation = fn(&mut Value);
    let broken: [(&str, Mutation); 6] = [
        ("an unknown status", |v| v["status"] = "won".into()),
        ("a code in capitals", |v| {
            v["error"]["code"] = "Illegal-Move".into()
        }),
        ("an unknown key", |v| v["verdict"] = "valid".into()),
        ("no version", |v| {
            v.as_object_mut().unwrap().remove("version");
        }),
        ("a face 7 in the error", |v| v["error"]["face"] = 9.into()),
        ("an unknown termination", |v| {
            v["termination"] = "boredom".into()
        }),
    ];
    for (what, mutate) in broken {
        let mut doc = valid.clone();
        mutate(&mut doc);
        if what == "a face 7 in the error" {
            // The error's face is free (a record's face is checked by sdn.schema.json).
            continue;
        }
        assert!(
            !verdict_errors(&doc).is_empty(),
            "the schema accepted {what}"
        );
    }
}

#[test]
fn a_json_record_with_die_face_nine_is_refused_with_its_pointer() {
    let text = r#"{"tags":[],"turns":[{"number":{"number":1,"side":"white"},"face":{"value":9},"items":[{"type":"action","nothing":{}}]}]}"#;
    let value: Value = serde_json::from_str(text).unwrap();
    assert!(
        !sdn_errors(&value).is_empty(),
        "the schema refuses face 9 too"
    );
    let err = json::from_json(text).unwrap_err();
    assert_eq!(err.pointer(), Some("/0/turns/0/face/value"));
}

/// For every JSON the reader accepts (every corpus game through JSON, and mutations of it), the
/// SDN written from it reads back.
#[test]
fn json_the_reader_accepts_writes_sdn_that_reads_back() {
    let mut checked = 0;
    for path in corpus_files("corpus", &["sdn", "pgn"]) {
        let source = std::fs::read(&path).unwrap();
        for game in parse_bytes(&source).into_iter().flatten() {
            let mut value: Value = serde_json::from_str(&json::to_json_value(&game)).unwrap();
            let variants = [value.clone(), {
                if let Some(tags) = value["tags"].as_array_mut() {
                    tags.push(serde_json::json!({"name": "Odd-Name_1", "value": "x y"}));
                }
                value.clone()
            }];
            for variant in variants {
                let Ok(games) = json::from_json(&variant.to_string()) else {
                    continue;
                };
                let text = sade_ref::write::sdn::games_to_sdn(&games);
                let back = sade_ref::parse::parse_str(&text);
                assert!(
                    back.iter().all(Result::is_ok),
                    "{}: the SDN written from accepted JSON does not read back:\n{text}",
                    display(&path)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "{checked} records");
}
