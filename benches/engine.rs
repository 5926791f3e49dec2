//! The search engine's speed: nodes per second for each game, and the share of the search's
//! time spent generating moves (the referee's generators and shakmaty's) and evaluating.
//!
//! `cargo bench --bench engine`: each game's positions are searched at the `club` level's
//! node limit. Two runs: one untimed inside (nodes/s, the longest turn), one with move
//! generation and evaluation timed (their shares; timing each call adds its own cost, so the
//! shares are of the timed run's time). The machine is shared: compare within one run.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use sade_ref::engine::{self, Limit, Stats};
use sade_ref::parse::parse_str;
use sade_ref::play::Bot;
use sade_ref::record::Face;
use sade_ref::rules::marseillais::TurnStart;
use sade_ref::rules::sade::State;
use sade_ref::rules::standard::Standing;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const CHESS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "8/5pk1/6p1/8/3R4/6P1/5PK1/3r4 w - - 0 40",
];

const SADE: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[] w KQkq - 4 4",
    "2kr4/ppp5/8/8/8/8/5PPP/4RK2[QRBNqbn] w - - 0 20",
];

#[derive(Default)]
struct Sum {
    nodes: u64,
    time: Duration,
    longest: Duration,
    movegen: Duration,
    eval: Duration,
    timed: Duration,
    depth: u64,
    turns: u64,
}

impl Sum {
    fn add(&mut self, stats: Stats, time: Duration) {
        self.nodes += stats.nodes;
        self.time += time;
        self.longest = self.longest.max(time);
        self.depth += u64::from(stats.depth);
        self.turns += 1;
    }

    fn add_timed(&mut self, stats: Stats, time: Duration) {
        self.movegen += stats.movegen;
        self.eval += stats.eval;
        self.timed += time;
    }

    fn print(&self, game: &str) {
        let share = |d: Duration| 100.0 * d.as_secs_f64() / self.timed.as_secs_f64();
        println!(
            "{game:<12} {:>3} turns {:>9} nodes {:>7.3} s {:>9.0} nodes/s  longest turn {:>6.3} s  \
             mean depth {:>4.1}  move generation {:>4.1}%  evaluation {:>4.1}%",
            self.turns,
            self.nodes,
            self.time.as_secs_f64(),
            self.nodes as f64 / self.time.as_secs_f64(),
            self.longest.as_secs_f64(),
            self.depth as f64 / self.turns as f64,
            share(self.movegen),
            share(self.eval),
        );
    }
}

fn limit() -> Limit {
    Bot::CLUB.limit().expect("club searches")
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

fn main() {
    println!(
        "engine search at the club node limit ({} nodes)",
        limit().nodes
    );
    let mut sum = Sum::default();
    for fen in CHESS {
        let fen: Fen = fen.parse().expect("a FEN");
        let pos: Chess = fen
            .into_position(CastlingMode::Standard)
            .expect("a position");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let standing = Standing::new(pos);
        let (found, time) = timed(|| engine::standard::choose(&standing, limit(), 0, &mut rng));
        sum.add(found.expect("a move").1, time);
        let (found, time) =
            timed(|| engine::standard::choose_timed(&standing, limit(), 0, &mut rng));
        sum.add_timed(found.expect("a move").1, time);
    }
    sum.print("Standard");

    let mut sum = Sum::default();
    for fen in CHESS {
        let start = TurnStart::from_fen(fen).expect("a FEN");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (found, time) = timed(|| engine::marseillais::choose(&start, limit(), 0, &mut rng));
        sum.add(found.expect("a turn").1, time);
        let (found, time) =
            timed(|| engine::marseillais::choose_timed(&start, limit(), 0, &mut rng));
        sum.add_timed(found.expect("a turn").1, time);
    }
    sum.print("Marseillais");

    let mut sum = Sum::default();
    let sade = Limit {
        depth: 2,
        ..limit()
    };
    for fen in SADE {
        let text = format!("[Variant \"Sade\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*\n");
        let games = parse_str(&text);
        let game = games[0].as_ref().expect("the record reads");
        let state = State::from_game(game).expect("a Sade position");
        for face in Face::ALL {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let (found, time) = timed(|| engine::sade::choose(&state, face, sade, 0, &mut rng));
            sum.add(found.expect("the search").1, time);
            let (found, time) =
                timed(|| engine::sade::choose_timed(&state, face, sade, 0, &mut rng));
            sum.add_timed(found.expect("the search").1, time);
        }
    }
    sum.print("Sade");
}
