//! `sade-ref perft`: the leaves of a game's tree to a depth, counted with the referee's own
//! move generation (see [`sade_ref::rules::perft`]).

use sade_ref::record::Variant;
use sade_ref::rules::perft::Root;

use super::exit::Exit;
use super::format::Format;
use super::output::Sink;

/// Count the leaves of the game tree to a depth: standard chess in plies, Marseillais in full
/// turns, de Sade chess in turns, each turn summing over the six faces the fulfilments of the
/// face (a face with none counts as one leaf: the game ends by Poverty of the Flesh). A move
/// or turn that ends the game is a leaf.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref perft --variant standard --depth 5\n  sade-ref perft --variant marseillais --depth 3 --divide\n  sade-ref perft --variant sade --depth 2 --fen '4k3/8/8/8/8/8/4P3/4K3[] w - - 0 1'"
)]
pub struct Args {
    /// The game (no default: a Sade count grows so fast that a depth meant for chess would
    /// run for days).
    #[arg(long, value_parser = super::variants::parser(&super::variants::PLAYED))]
    variant: Variant,
    /// Plies (standard chess) or turns (Marseillais, Sade) to count.
    #[arg(long, value_parser = super::numbers::depth)]
    depth: u32,
    /// Start from this position (Sade: with the pocket, `…/RNBQKBNR[Qrn] w KQkq - 0 1`); a
    /// Marseillais game from a FEN has two moves in every turn.
    #[arg(long)]
    fen: Option<String>,
    /// One line per first move (UCI), full turn (SAN) or face and fulfilment (SDN), with the
    /// leaves below it, then the total.
    #[arg(long)]
    divide: bool,
    /// Text as perft tools write it, or one JSON object.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

pub fn run(args: &Args) -> Exit {
    let variant = args.variant;
    if let Some(fen) = &args.fen
        && let Some(problem) = sade_ref::rules::fen_problem(fen)
    {
        eprintln!("sade-ref: perft: --fen `{fen}` is not a position: {problem}");
        return Exit::Failed;
    }
    let root = match Root::new(variant, args.fen.as_deref()) {
        Ok(root) => root,
        Err(reason) => {
            let fen = args.fen.as_deref().unwrap_or_default();
            eprintln!(
                "sade-ref: perft: --fen `{fen}` cannot start a {variant} game: {}",
                super::words::fen_reason(&reason.to_string())
            );
            return Exit::Failed;
        }
    };
    let counted = if args.divide {
        root.divide(args.depth).map(|branches| {
            let total = if args.depth == 0 {
                1
            } else {
                branches.iter().map(|b| b.leaves).sum()
            };
            (branches, total)
        })
    } else {
        root.perft(args.depth).map(|total| (Vec::new(), total))
    };
    let (branches, total) = match counted {
        Ok(counted) => counted,
        Err(reason) => {
            eprintln!("sade-ref: perft: {reason}");
            return Exit::Failed;
        }
    };
    // Through the buffered sink, so that `perft … | head` ends quietly instead of panicking
    // on the closed pipe.
    let Ok(mut out) = Sink::open(None) else {
        return Exit::Failed;
    };
    match args.format {
        Format::Text => {
            for branch in &branches {
                out.write(&format!("{}: {}\n", branch.name, branch.leaves));
            }
            if args.divide {
                out.write("\n");
            }
            out.write(&format!("Nodes searched: {total}\n"));
        }
        Format::Json => {
            let divide: Vec<serde_json::Value> = branches
                .iter()
                .map(|b| serde_json::json!({ "branch": b.name, "leaves": b.leaves }))
                .collect();
            let mut answer = serde_json::json!({
                "variant": variant.to_string(),
                "fen": args.fen,
                "depth": args.depth,
                "leaves": total,
            });
            if args.divide {
                answer["divide"] = serde_json::Value::Array(divide);
            }
            out.write(&format!("{answer}\n"));
        }
    }
    out.finish()
}
