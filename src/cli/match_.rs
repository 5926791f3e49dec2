//! `sade-ref match`: two players play a series of games, colours alternating, and the score.
//! A player is a bot (a level name) or, in standard chess, an engine spoken to over UCI
//! (`uci:PATH [name=value ...]`).

use sade_ref::play::uci::{Engine, EngineSpec};
use sade_ref::play::{self, Bot, Mover, Seat, Tally, TallyTable};
use sade_ref::record::Variant;

use super::exit::Exit;
use super::games::{GameArgs, progress};
use super::output::Sink;

/// Play a match between two players and print the score of each, with a 95% confidence
/// interval, and the terminations by kind.
///
/// Colours alternate: the `--white` player has White in the odd-numbered games, the `--black`
/// player in the even-numbered ones. A win counts 1, a draw or a game unfinished at
/// `--max-turns` 1/2.
///
/// In standard chess a player may be an engine spoken to over UCI: `uci:PATH [name=value
/// ...]`, where `movetime=MS` (default 1000), `nodes=N` or `depth=N` limits each move and every
/// other pair is set as a UCI option (`UCI_LimitStrength=true UCI_Elo=1320`).
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  sade-ref match --variant sade --games 200 --white club --black casual\n  sade-ref match --variant standard --games 200 --max-turns 300\n  sade-ref match --variant standard --games 4 --white beginner --black 'uci:/usr/games/stockfish movetime=20'"
)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Games to play.
    #[arg(long, default_value_t = 200, value_parser = super::numbers::games)]
    games: u64,
    /// The player with White in the first game: a level (novice, beginner, casual, club), or
    /// `uci:PATH [name=value ...]`.
    #[arg(long, default_value = "beginner", value_parser = player)]
    white: PlayerArg,
    /// The player with Black in the first game: a level, or `uci:PATH [name=value ...]`.
    #[arg(long, default_value = "novice", value_parser = player)]
    black: PlayerArg,
}

/// A player as the command line names it.
#[derive(Clone, Debug)]
pub enum PlayerArg {
    Bot(Bot),
    Uci(EngineSpec),
}

/// `--white`, `--black`: a bot's name, or `uci:` and an engine.
fn player(text: &str) -> Result<PlayerArg, String> {
    if let Some(rest) = text.strip_prefix("uci:") {
        return EngineSpec::parse(rest)
            .map(PlayerArg::Uci)
            .map_err(|e| e.to_string());
    }
    text.parse::<Bot>()
        .map(PlayerArg::Bot)
        .map_err(|e| format!("{e}; or an engine: uci:PATH [name=value ...]"))
}

/// A seat of the match once the engines run.
enum Seated {
    Bot(Bot),
    Engine(Box<Engine>),
}

impl Seated {
    fn mover(&mut self) -> Mover<'_> {
        match self {
            Seated::Bot(bot) => Mover::Bot(*bot),
            Seated::Engine(engine) => Mover::Engine(engine),
        }
    }

    fn name(&self) -> String {
        match self {
            Seated::Bot(bot) => bot.name().to_owned(),
            Seated::Engine(engine) => engine.name().to_owned(),
        }
    }
}

fn seat(arg: &PlayerArg) -> Result<Seated, String> {
    match arg {
        PlayerArg::Bot(bot) => Ok(Seated::Bot(*bot)),
        PlayerArg::Uci(spec) => Engine::start(spec)
            .map(|e| Seated::Engine(Box::new(e)))
            .map_err(|e| e.to_string()),
    }
}

fn bot_of(arg: &PlayerArg) -> Bot {
    match arg {
        PlayerArg::Bot(bot) => *bot,
        PlayerArg::Uci(_) => Bot::NOVICE,
    }
}

pub fn run(args: &Args) -> Exit {
    let engines =
        matches!(args.white, PlayerArg::Uci(_)) || matches!(args.black, PlayerArg::Uci(_));
    if let Err(failed) = args.game.check_fen("match") {
        return failed;
    }
    let options = args.game.options(bot_of(&args.white), bot_of(&args.black));
    if engines && options.variant != Variant::Standard {
        eprintln!(
            "sade-ref: match: an engine over UCI plays standard chess, not {}: give --variant \
             standard",
            options.variant.tag()
        );
        return Exit::Failed;
    }
    let mut seats = match (seat(&args.white), seat(&args.black)) {
        (Ok(first), Ok(second)) => [first, second],
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("sade-ref: match: {e}");
            return Exit::Failed;
        }
    };
    let mut tally = Tally::default();
    let bar = progress(args.games);
    for number in 1..=args.games {
        let result = if engines {
            let [first, second] = &mut seats;
            match Seat::white_in(number) {
                Seat::First => {
                    play::play_game_against(&options, number, first.mover(), second.mover())
                }
                Seat::Second => {
                    play::play_game_against(&options, number, second.mover(), first.mover())
                }
            }
        } else {
            let (first, second) = (options.white, options.black);
            let game = match Seat::white_in(number) {
                Seat::First => args.game.options(first, second),
                Seat::Second => args.game.options(second, first),
            };
            play::play_game(&game, number)
        };
        match result {
            Ok(played) => tally.add(number, &played.verdict),
            Err(error) => {
                bar.finish_and_clear();
                eprintln!("sade-ref: game {number}: {error}");
                return Exit::Failed;
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    // Through the buffered sink: a closed pipe (`match … | head`) ends quietly, never a panic.
    let Ok(mut out) = Sink::open(None) else {
        return Exit::Failed;
    };
    out.write(&format!(
        "{}: {} games, seed {}, colours alternating, at most {} turns a game\n",
        options.variant.tag(),
        tally.games(),
        options.seed,
        options.max_turns
    ));
    let names = [
        format!("{} (1)", seats[0].name()),
        format!("{} (2)", seats[1].name()),
    ];
    out.write(
        &TallyTable {
            tally: &tally,
            names: [&names[0], &names[1]],
        }
        .to_string(),
    );
    out.finish()
}
