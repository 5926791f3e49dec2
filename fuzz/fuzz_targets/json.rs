//! JSON → record → SDN → record. Any JSON may be refused, never panic. A record that keeps the
//! writer's contract (src/write/plain/sdn.rs: die faces 1–6, tag names words and values one line,
//! no NUL, each turn an action, no empty variation) must read back from its SDN as `normalize` of
//! itself. Records outside the contract are what JSON input does not check yet (spec/ERRORS.md, the
//! die face 7 row). In games where a turn is one move (no die face, not Sade, not Marseillais) the
//! contract wants one action a turn.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sade_ref::record::{Game, Item, Turn, Variant};
use sade_ref::write::sdn;

fn turns_ok(turns: &[Turn], depth: usize, one_move: bool) -> bool {
    depth < 20
        && turns.iter().all(|t| {
            let actions = t
                .items
                .iter()
                .filter(|i| matches!(i, Item::Action(_)))
                .count();
            t.face.is_none_or(|f| (1..=6).contains(&f.value))
                && actions > 0
                && (!one_move || actions == 1)
                && items_ok(&t.items, depth, one_move)
        })
}

fn any_face(turns: &[Turn]) -> bool {
    turns.iter().any(|t| {
        t.face.is_some()
            || t.items
                .iter()
                .any(|i| matches!(i, Item::Variation(v) if any_face(&v.turns)))
    })
}

fn items_ok(items: &[Item], depth: usize, one_move: bool) -> bool {
    items.iter().all(|i| match i {
        Item::Comment(c) => !c.text.contains('\0'),
        Item::Variation(v) => {
            !v.turns.is_empty()
                && turns_ok(&v.turns, depth + 1, one_move)
                && items_ok(&v.preamble, depth + 1, one_move)
        }
        _ => true,
    })
}

fn in_contract(game: &Game) -> bool {
    game.tags.iter().all(|t| {
        !t.name.is_empty()
            && t.name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && !t.value.contains(['\n', '\r', '\0'])
    }) && {
        let faces = any_face(&game.turns);
        let one_move = !faces
            && !matches!(
                Variant::of_record(game.tag("Variant"), faces),
                Ok(Variant::Sade | Variant::Marseillais | Variant::MarseillaisClassical)
            );
        items_ok(&game.preamble, 0, one_move) && turns_ok(&game.turns, 0, one_move)
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = sade_ref::write::json::from_json(text) else {
        return;
    };
    for game in games {
        let sdn_text = sdn::to_sdn(&game);
        let _ = sade_ref::write::json::to_json_value(&game);
        let read: Vec<_> = sade_ref::parse::parse_str(&sdn_text)
            .into_iter()
            .map(|r| r.map(|g| g.without_spans()))
            .collect();
        if in_contract(&game) {
            assert_eq!(
                read,
                vec![Ok(sdn::normalize(&game).without_spans())],
                "JSON record written as SDN that reads back differently:\n{sdn_text}"
            );
        }
    }
});
