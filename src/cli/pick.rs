//! Picking one game of a file (`--game-index K`, 1-based) and one of its turns (`--turn 12b`),
//! for `options` and `show`.

use std::path::Path;

use sade_ref::arbiter::locate::{TurnName, turn_index};
use sade_ref::parse::Reader;
use sade_ref::record::Game;

use super::diagnose::report_syntax;
use super::exit::Exit;
use super::input::{Input, read_all};

/// Reads the file and returns its `index`-th game (1-based); a problem is reported.
pub fn game(path: &Path, index: usize) -> Result<(Input, Game), Exit> {
    let (mut inputs, status) = read_all(&[path.to_path_buf()]);
    let Some(input) = inputs.pop().filter(|_| status == Exit::Ok) else {
        return Err(Exit::Failed);
    };
    if index == 0 {
        eprintln!("sade-ref: --game-index counts from 1");
        return Err(Exit::Failed);
    }
    let mut count = 0;
    for (i, game) in Reader::new(&input.bytes).enumerate() {
        count = i + 1;
        if count == index {
            return match game {
                Ok(game) => Ok((input, game)),
                Err(error) => {
                    report_syntax(&input, &error);
                    eprintln!("sade-ref: {}: game {index} cannot be read", input.name);
                    Err(Exit::Failed)
                }
            };
        }
    }
    eprintln!(
        "sade-ref: {}: there is no game {index}; the file holds {count}",
        input.name
    );
    Err(Exit::Failed)
}

/// The index in `game.turns` of the named turn; a problem is reported.
pub fn turn(input: &Input, game: &Game, name: TurnName) -> Result<usize, Exit> {
    turn_index(game, name).map_err(|reason| {
        eprintln!("sade-ref: {}: {reason}", input.name);
        Exit::Failed
    })
}
