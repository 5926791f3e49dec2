//! The pgn-reader visitors the benches compare with: what any PGN tool built on pgn-reader and
//! shakmaty can reach.

use std::hint::black_box;
use std::ops::ControlFlow;

use pgn_reader::{RawComment, RawTag, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Position};

/// Replays the main line with shakmaty and keeps nothing: the output is the number of legal
/// moves played (the baseline of issue 10).
pub struct Replay;

impl Visitor for Replay {
    type Tags = ();
    type Movetext = (Chess, usize, bool);
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<usize, ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<usize, Self::Movetext> {
        ControlFlow::Continue((Chess::default(), 0, true))
    }
    fn san(&mut self, (pos, n, ok): &mut Self::Movetext, san: SanPlus) -> ControlFlow<usize> {
        play(pos, n, ok, san);
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut Self::Movetext) -> ControlFlow<usize, Skip> {
        ControlFlow::Continue(Skip(true))
    }
    fn end_game(&mut self, (pos, n, _): Self::Movetext) -> usize {
        black_box(pos.is_checkmate());
        n
    }
}

fn play(pos: &mut Chess, n: &mut usize, ok: &mut bool, san: SanPlus) {
    if *ok {
        match san.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                *n += 1;
            }
            Err(_) => *ok = false,
        }
    }
}

/// Reads every game and keeps nothing but a count of its main line's moves: pgn-reader's best
/// case.
pub struct Count;

impl Visitor for Count {
    type Tags = ();
    type Movetext = usize;
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<usize, ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<usize, usize> {
        ControlFlow::Continue(0)
    }
    fn san(&mut self, n: &mut usize, _: SanPlus) -> ControlFlow<usize> {
        *n += 1;
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut usize) -> ControlFlow<usize, Skip> {
        ControlFlow::Continue(Skip(true))
    }
    fn end_game(&mut self, n: usize) -> usize {
        n
    }
}

/// Keeps what sade-ref's record keeps of a game (tags, moves, comments) as owned values and,
/// when `play` is set, replays its main line with shakmaty as [`Replay`] does.
pub struct Keep {
    pub play: bool,
}

/// A game as [`Keep`] keeps it.
pub struct Kept {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<SanPlus>,
    pub comments: Vec<String>,
    pos: Chess,
    pub plies: usize,
    ok: bool,
}

impl Visitor for Keep {
    type Tags = Vec<(String, String)>;
    type Movetext = Kept;
    type Output = Kept;

    fn begin_tags(&mut self) -> ControlFlow<Kept, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }
    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Kept> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Kept, Kept> {
        ControlFlow::Continue(Kept {
            tags,
            moves: Vec::new(),
            comments: Vec::new(),
            pos: Chess::default(),
            plies: 0,
            ok: true,
        })
    }
    fn san(&mut self, kept: &mut Kept, san: SanPlus) -> ControlFlow<Kept> {
        if self.play {
            play(&mut kept.pos, &mut kept.plies, &mut kept.ok, san);
        }
        kept.moves.push(san);
        ControlFlow::Continue(())
    }
    fn comment(&mut self, kept: &mut Kept, comment: RawComment<'_>) -> ControlFlow<Kept> {
        kept.comments
            .push(String::from_utf8_lossy(comment.as_bytes()).into_owned());
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, kept: Kept) -> Kept {
        if self.play {
            black_box(kept.pos.is_checkmate());
        }
        kept
    }
}
