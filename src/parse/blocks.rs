//! The games of one window of a text read a window at a time ([`GameReader`](super::GameReader)):
//! each with where it began and ended, and whether the rest of the text could still change how
//! it reads ([`settled`]).
//!
//! With the `parallel` feature a window may be cut into blocks at likely game starts (a `[` line
//! after a blank line), read in parallel on the current rayon pool, and stitched: a block counts
//! from the first game where the reading of the blocks before it arrives, so the games are
//! exactly those one reader finds, whatever the cut.

use std::ops::Range;

#[cfg(feature = "parallel")]
use rayon::prelude::*;

use super::error::{ErrorKind, ParseError};
use super::reader::Reader;
use super::scanner::Text;
use crate::record::Game;

/// A game as a block read it: where it began, where the reader stood after it and where the
/// next game begins, whether it reads the same in the whole text when the window does not end
/// the text ([`settled`]), and what the caller made of it.
pub(super) struct Parsed<T> {
    pub(super) start: usize,
    pub(super) after: usize,
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    pub(super) next: usize,
    pub(super) settled: bool,
    pub(super) game: T,
}

/// What is made of each game read, on the thread that read it, given where the game stands in
/// the window (from its first byte to where the reader stood after it).
pub(super) type Map<'m, T> = &'m (dyn Fn(Range<usize>, Result<Game, ParseError>) -> T + Sync);

/// Whether a game read from a window of `len` bytes reads the same in the whole text: it ended
/// before the window's end, and nothing in it was looked for up to that end (a comment or a
/// variation never closed in the window may close later; a word or a tag cut by the window's
/// end may go on).
fn settled(len: usize, after: usize, game: &Result<Game, ParseError>) -> bool {
    match game {
        Ok(_) => after < len,
        Err(e) => {
            !matches!(
                e.kind,
                ErrorKind::UnclosedComment | ErrorKind::UnclosedVariation
            ) && e.span.end < len
                && after < len
        }
    }
}

/// Reads the games of `src` from `start`, in up to `blocks` blocks (read in parallel with the
/// `parallel` feature, one block without it), stitched into what one reader finds.
pub(super) fn read_blocks<T: Send>(
    src: &[u8],
    start: usize,
    blocks: usize,
    map: Map<'_, T>,
) -> Vec<Parsed<T>> {
    // Checked once for every block (UTF-8, no NUL), not once a block.
    let text = Text::new(src);
    #[cfg(feature = "parallel")]
    if blocks > 1 {
        return read_parallel(text, start, blocks, map);
    }
    let _ = blocks;
    read_block(text, start, src.len(), map)
}

/// Reads the games that begin in `from..until` (the last may run past `until`).
fn read_block<T>(text: Text<'_>, from: usize, until: usize, map: Map<'_, T>) -> Vec<Parsed<T>> {
    let mut reader = Reader::in_text(text, from);
    let mut out = Vec::new();
    let mut start = reader.next_start();
    while start < until {
        let Some(game) = reader.next() else { break };
        let after = reader.position();
        let next = reader.next_start();
        out.push(Parsed {
            start,
            after,
            next,
            settled: settled(text.as_bytes().len(), after, &game),
            game: map(start..after, game),
        });
        start = next;
    }
    out
}

/// [`read_blocks`] with more than one block: the blocks read in parallel and stitched.
#[cfg(feature = "parallel")]
fn read_parallel<T: Send>(
    text: Text<'_>,
    start: usize,
    blocks: usize,
    map: Map<'_, T>,
) -> Vec<Parsed<T>> {
    let src = text.as_bytes();
    let cuts = block_starts(src, start, blocks);
    if cuts.len() == 1 {
        return read_block(text, start, src.len(), map);
    }
    let parts: Vec<Vec<Parsed<T>>> = cuts
        .par_iter()
        .enumerate()
        .map(|(i, &from)| {
            let until = cuts.get(i + 1).copied().unwrap_or(src.len());
            read_block(text, from, until, map)
        })
        .collect();
    let mut games: Vec<Parsed<T>> = Vec::new();
    let mut next = Reader::in_text(text, start).next_start();
    for part in parts {
        for r in part {
            if r.start < next {
                continue; // inside a game an earlier block read on into this one
            }
            if r.start > next {
                // The block began where no game begins: read on from the true place, alone.
                games.extend(read_block(text, next, src.len(), map));
                return games;
            }
            next = r.next;
            games.push(r);
        }
    }
    games
}

/// Up to `blocks` offsets cutting `src[start..]` into blocks of about equal size, each after
/// the first on a line that opens a tag pair after a blank line (where a game likely begins).
#[cfg(feature = "parallel")]
fn block_starts(src: &[u8], start: usize, blocks: usize) -> Vec<usize> {
    let mut cuts = vec![start];
    let size = (src.len() - start.min(src.len())) / blocks.max(1);
    if blocks <= 1 || size < 4096 {
        return cuts;
    }
    let mut target = start + size;
    while target < src.len() {
        match find_game_start(src, target) {
            Some(at) if at < src.len() => {
                cuts.push(at);
                target = at + size;
            }
            _ => break,
        }
    }
    cuts
}

/// The first `\n\n[` (or `\n\r\n[`) at or after `from`: the offset of its `[`.
#[cfg(feature = "parallel")]
fn find_game_start(src: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i + 2 < src.len() {
        let nl = i + src[i..].iter().position(|&b| b == b'\n')?;
        let rest = &src[nl + 1..];
        if rest.starts_with(b"\n[") {
            return Some(nl + 2);
        }
        if rest.starts_with(b"\r\n[") {
            return Some(nl + 3);
        }
        i = nl + 1;
    }
    None
}
