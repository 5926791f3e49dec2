//! `options` (what a player could have done) and `play` (a game between two bots).

use pyo3::prelude::*;
use sade_ref::arbiter::options::{Limits, Query, answer};
use sade_ref::play::{Bot, Options, play_game};
use sade_ref::record::{Face, Game as Record, Tag, Variant};
use sade_ref::rules::marseillais::TurnStart;
use sade_ref::rules::sade::State;
use sade_ref::rules::{fen_problem, standard};

use crate::error::value_error;
use crate::game::{self, Game};

/// Every option of the player in `fen` (Sade: having rolled `face`), as the JSON object
/// `sade-ref options --format json` writes (spec/options.schema.json).
#[pyfunction]
#[pyo3(signature = (fen, face=None, variant="sade", limit=None, count_only=false))]
pub fn options(
    py: Python<'_>,
    fen: &str,
    face: Option<u8>,
    variant: &str,
    limit: Option<usize>,
    count_only: bool,
) -> PyResult<String> {
    let query = query(fen, face, variant).map_err(value_error)?;
    let limits = Limits { limit, count_only };
    let answer = py
        .allow_threads(|| answer(&query, limits))
        .map_err(|e| value_error(e.to_string()))?;
    serde_json::to_string(&answer).map_err(|e| value_error(e.to_string()))
}

/// The position asked about, as `sade-ref options --fen` reads it.
fn query(fen: &str, face: Option<u8>, variant: &str) -> Result<Query, String> {
    if let Some(problem) = fen_problem(fen) {
        return Err(format!("FEN `{fen}` is not a position: {problem}"));
    }
    let game = Record {
        tags: vec![Tag {
            name: "FEN".to_owned(),
            value: fen.to_owned(),
            span: Default::default(),
        }],
        ..Record::default()
    };
    let cannot = |reason: String| format!("FEN `{fen}` cannot be played: {reason}");
    let no_die = |name: &str| match face {
        Some(face) => Err(format!(
            "face {face}: {name} chess has no die (faces are Marquis de Sade chess's)"
        )),
        None => Ok(()),
    };
    match variant.to_ascii_lowercase().as_str() {
        "sade" => {
            let face =
                face.ok_or_else(|| "a Sade position needs the die face: face=1 to 6".to_owned())?;
            let face = Face::try_from(face)
                .map_err(|_| format!("face {face} is no face of a die: 1 to 6"))?;
            let state = State::from_game(&game).map_err(|e| cannot(e.reason))?;
            Ok(Query::Sade { state, face })
        }
        "standard" => {
            no_die("Standard")?;
            let start = standard::start_position(&game).map_err(|e| cannot(e.reason))?;
            Ok(Query::Standard(standard::Standing::new(start.pos)))
        }
        "marseillais" => {
            no_die("Marseillais")?;
            TurnStart::from_fen(fen)
                .map(Query::Marseillais)
                .map_err(|e| cannot(e.to_string()))
        }
        other => Err(format!(
            "variant `{other}`: options knows sade, standard and marseillais"
        )),
    }
}

fn bot(name: &str, seat: &str) -> Result<Bot, String> {
    name.parse::<Bot>().map_err(|e| format!("{seat}={e}"))
}

/// A game between two bots, played by the rules and concluded by the referee, as `sade-ref
/// play` writes it (read back from its SDN, so that verdicts locate lines).
#[pyfunction]
#[pyo3(signature = (variant="sade", white="random", black="random", seed=0, max_turns=200, fen=None, number=1))]
#[allow(clippy::too_many_arguments)]
pub fn play(
    py: Python<'_>,
    variant: &str,
    white: &str,
    black: &str,
    seed: u64,
    max_turns: usize,
    fen: Option<String>,
    number: u64,
) -> PyResult<Game> {
    let variant = match variant.to_ascii_lowercase().as_str() {
        "sade" => Variant::Sade,
        "marseillais" => Variant::Marseillais,
        "marseillais-classical" => Variant::MarseillaisClassical,
        "standard" => Variant::Standard,
        other => {
            return Err(value_error(format!(
                "variant `{other}`: play knows sade, marseillais, marseillais-classical and standard"
            )));
        }
    };
    if number == 0 {
        return Err(value_error("number: games are numbered from 1"));
    }
    let options = Options {
        variant,
        white: bot(white, "white").map_err(value_error)?,
        black: bot(black, "black").map_err(value_error)?,
        max_turns,
        fen,
        seed,
    };
    let text = py
        .allow_threads(|| play_game(&options, number))
        .map(|played| sade_ref::write::sdn::to_sdn(&played.game))
        .map_err(|e| value_error(e.to_string()))?;
    let mut records = game::read(text.into_bytes(), "<play>", false, game::Start::WHOLE);
    match records.len() {
        1 => Ok(Game::from(records.remove(0))),
        n => Err(value_error(format!(
            "the played game read back as {n} records (a bug in sade-ref)"
        ))),
    }
}
