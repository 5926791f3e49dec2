//! A game analysed: where it was won and lost, and, in de Sade chess, what the die did.
//!
//! Each turn's chance of winning for its player before it, after it as played and after the
//! engine's best turns; the loss (best less played), judged as lichess judges it; in Sade the
//! luck of the face that came (its best turn's chance less the mean over the six faces of each
//! face's best, after GNU Backgammon). The searches are the engine's ([`crate::engine`]):
//! alpha-beta for chess and Marseillais, an expectimax over chances for Sade. spec/ANALYSIS.md
//! says what each figure is.

// The floors of analysis/, from the bottom up:
// 0. `chance`, `error`, `settings`, `names`: the curve and the judgements; why an analysis
//    fails; how it is run; how a side and a turn are named.
// 1. `model`, `jobs`: the analysis as JSON writes it; turns on several threads.
// 2. `chess`: a chess move's entry from its scores.
// 3. `uci`, `marseillais`, `sade`: chess by an outside engine; the other two games.
// 4. `standard`: chess by sade-ref's engine or an outside one.
// 5. `annotate`, `text`: the record with the analysis in it; the analysis in words.
// 6. `review`: the analysis as the report page draws it (render's view of it).
// 7. `mod.rs`: the analysis of a game.

mod annotate;
pub mod chance;
mod chess;
mod error;
mod jobs;
mod marseillais;
mod model;
mod names;
mod review;
mod sade;
mod settings;
mod standard;
mod text;
mod uci;

use shakmaty::Color;

pub use annotate::annotated;
pub use chance::Judgement;
pub use error::AnalysisError;
pub use model::{Analysis, BestTurn, EngineUsed, Player, Players, TurnAnalysis};
pub use review::review;
pub use settings::{DEFAULT_NODES, Engine, Settings};
pub use text::to_text;

use crate::play::uci::Limit as UciLimit;
use crate::record::{Game, Variant};
use crate::referee::{Status, verify};
use names::side_name;

/// The analysis of `game`.
///
/// # Errors
/// [`AnalysisError`]: the record is illegal or names an unknown game, a position on the way
/// cannot be searched, or the outside engine fails.
pub fn analyse(game: &Game, settings: &Settings) -> Result<Analysis, AnalysisError> {
    let variant = game
        .variant()
        .map_err(|e| AnalysisError::UnknownVariant(e.to_string()))?;
    let verdict = verify(game);
    if verdict.status == Status::Invalid {
        return Err(AnalysisError::Illegal(
            verdict
                .dispute
                .clone()
                .or_else(|| {
                    verdict.error.as_ref().map(|e| {
                        let turn = e.label.map_or(e.turn.to_string(), |l| l.to_string());
                        format!(
                            "turn {turn}, action {}: {} ({})",
                            e.action, e.reason, e.article
                        )
                    })
                })
                .unwrap_or_else(|| "an illegal action".into()),
        ));
    }
    if !matches!(variant, Variant::Standard | Variant::Chess960)
        && matches!(settings.engine, Engine::Uci(_))
    {
        return Err(AnalysisError::EngineForVariant(variant.name().into()));
    }
    let (turns, notes) = match variant {
        Variant::Sade => sade::analyse(game, settings)?,
        Variant::Marseillais | Variant::MarseillaisClassical => {
            (marseillais::analyse(game, &verdict, settings)?, Vec::new())
        }
        Variant::Standard | Variant::Chess960 => {
            (standard::analyse(game, &verdict, settings)?, Vec::new())
        }
    };
    let turns: Vec<TurnAnalysis> = turns.into_iter().map(rounded).collect();
    let result = verdict.result.as_str().to_owned();
    let players = Players {
        white: player(&turns, Color::White, &result, variant == Variant::Sade),
        black: player(&turns, Color::Black, &result, variant == Variant::Sade),
    };
    let engine = match &settings.engine {
        Engine::Own => EngineUsed {
            name: format!("sade-ref {}", env!("CARGO_PKG_VERSION")),
            budget: format!("{} nodes a turn", settings.nodes_for(variant)),
        },
        Engine::Uci(spec) => EngineUsed {
            name: format!("uci:{}", spec.path.display()),
            budget: match spec.limit {
                UciLimit::MoveTime(ms) => format!("movetime {ms}"),
                UciLimit::Nodes(n) => format!("nodes {n}"),
                UciLimit::Depth(d) => format!("depth {d}"),
            },
        },
    };
    Ok(Analysis {
        variant: variant.name().into(),
        engine,
        result,
        turns,
        players,
        notes,
    })
}

/// The chances to four decimals: the JSON stays short, and the same on every machine.
fn rounded(mut t: TurnAnalysis) -> TurnAnalysis {
    let r = |x: f64| (x * 10_000.0).round() / 10_000.0;
    t.before = r(t.before);
    t.after = r(t.after);
    t.loss = r(t.loss);
    t.luck = t.luck.map(r);
    t.faces = t.faces.map(|f| f.into_iter().map(r).collect());
    for b in &mut t.best {
        b.chance = r(b.chance);
    }
    t
}

/// One side's summary over the turns.
fn player(turns: &[TurnAnalysis], color: Color, result: &str, sade: bool) -> Player {
    let side = side_name(color);
    let own: Vec<&TurnAnalysis> = turns.iter().filter(|t| t.side == side).collect();
    let count = |j: Judgement| own.iter().filter(|t| t.judgement == Some(j)).count() as u32;
    let accuracies: Vec<f64> = own
        .iter()
        .filter(|t| !t.forced)
        .map(|t| chance::move_accuracy(t.after + t.loss, t.after))
        .collect();
    let luck_of = |side: &str| -> f64 {
        turns
            .iter()
            .filter(|t| t.side == side)
            .filter_map(|t| t.luck)
            .sum()
    };
    let score = match (result, color) {
        ("1-0", Color::White) | ("0-1", Color::Black) => Some(1.0),
        ("1-0", Color::Black) | ("0-1", Color::White) => Some(0.0),
        ("1/2-1/2", _) => Some(0.5),
        _ => None,
    };
    let luck = sade.then(|| luck_of(side));
    let other = side_name(!color);
    Player {
        accuracy: chance::game_accuracy(&accuracies).map(|a| (a * 10.0).round() / 10.0),
        inaccuracies: count(Judgement::Inaccuracy),
        mistakes: count(Judgement::Mistake),
        blunders: count(Judgement::Blunder),
        luck: luck.map(|l| (l * 10_000.0).round() / 10_000.0),
        result: score,
        luck_adjusted: match (sade, score) {
            (true, Some(s)) => {
                Some(((s - luck_of(side) + luck_of(other)) * 10_000.0).round() / 10_000.0)
            }
            _ => None,
        },
    }
}
