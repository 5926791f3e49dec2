//! A seek read from its request and checked against who makes it, and the game an accepted
//! seek becomes: two people's game played on the server, each seat held by its player (no
//! token needed, no arbiter), the colours as the seek asked.

use std::time::Duration;

use super::requests::SeekRequest;
use crate::play::VARIANTS;
use crate::record::Variant;
use crate::serve::accounts::sessions::refused;
use crate::serve::error::ApiError;
use crate::serve::http::App;
use crate::serve::input::Die;
use crate::serve::live::{Live, Mode};
use crate::serve::new_game::{NewGame, Start, new_game};
use crate::serve::seat::Seat;
use crate::serve::secret::{random_seed, token};
use crate::serve::seek::{Audience, Colour, Seek};
use crate::serve::store::Player;

/// How long a seek for a live game stays open (its seeker makes it again to keep it).
pub const LIVE_SEEK: Duration = Duration::from_secs(30 * 60);
/// How long a seek for a correspondence game stays open.
pub const CORRESPONDENCE_SEEK: Duration = Duration::from_secs(7 * 86_400);

/// The seek `player` asks for at `now`.
///
/// # Errors
/// 400 naming the field that does not fit; 403 (`rated`) for a guest's rated seek; 404
/// (`to`) for a challenge to no account; 503 when the accounts cannot be read.
pub fn seek_of(
    app: &App,
    request: &SeekRequest,
    player: &Player,
    now: u64,
) -> Result<Seek, ApiError> {
    let variant = match request.variant.as_deref() {
        None => Variant::Sade,
        Some(name) => name
            .parse::<Variant>()
            .ok()
            .filter(|v| VARIANTS.contains(v))
            .ok_or_else(|| {
                ApiError::bad(
                    "variant",
                    format!(
                        "{name:?} is no game sade-ref serves: {}",
                        VARIANTS.map(Variant::tag).join(", ")
                    ),
                )
            })?,
    };
    if let Some(problem) = request.time_control.and_then(|c| c.problem()) {
        return Err(ApiError::bad("time_control", problem));
    }
    if request.rated && player.guest {
        return Err(ApiError::forbidden_at(
            "rated",
            "rated games are for players signed in to an account: sign up or log in".to_owned(),
        ));
    }
    let audience = match (&request.to, request.link) {
        (Some(_), true) => {
            return Err(ApiError::bad(
                "link",
                "a challenge goes to one player or by its link, not both".to_owned(),
            ));
        }
        (Some(name), false) => Audience::Player(challenged(app, name, player)?),
        (None, true) => Audience::Link,
        (None, false) => Audience::Lobby,
    };
    let lasts = if request.time_control.is_some_and(|c| c.correspondence()) {
        CORRESPONDENCE_SEEK
    } else {
        LIVE_SEEK
    };
    Ok(Seek {
        id: token()?[..16].to_owned(),
        by: player.name.clone(),
        guest: player.guest,
        variant: variant.tag().to_owned(),
        time_control: request.time_control,
        rated: request.rated,
        colour: request.colour,
        public: request.public.unwrap_or(true),
        audience,
        created: now,
        expires: now.saturating_add(u64::try_from(lasts.as_millis()).unwrap_or(u64::MAX)),
        game: None,
        taker: None,
    })
}

/// The name of the account `name` challenges, as the account has it.
fn challenged(app: &App, name: &str, player: &Player) -> Result<String, ApiError> {
    if name.eq_ignore_ascii_case(&player.name) {
        return Err(ApiError::bad(
            "to",
            "a challenge goes to another player".to_owned(),
        ));
    }
    let account = app
        .store
        .account(name)
        .map_err(|e| refused(e, "the accounts cannot be read"))?
        .ok_or_else(|| ApiError::not_found("to", format!("no player is called {name:?}")))?;
    Ok(account.name)
}

/// Refuses `taker`'s acceptance of `seek` when it is not theirs to take.
///
/// # Errors
/// 409 for one's own seek or one already taken; 403 for a challenge to another player, or a
/// rated seek taken by a guest.
pub fn may_take(seek: &Seek, taker: &Player) -> Result<(), ApiError> {
    if seek.by.eq_ignore_ascii_case(&taker.name) {
        return Err(ApiError::conflict(
            "seek",
            "this is your own seek: another player accepts it".to_owned(),
        ));
    }
    if let Some(game) = &seek.game {
        return Err(ApiError::conflict(
            "seek",
            format!("this seek was accepted already: game {game}"),
        ));
    }
    if let Audience::Player(to) = &seek.audience
        && !to.eq_ignore_ascii_case(&taker.name)
    {
        return Err(ApiError::forbidden_at(
            "seek",
            format!("this challenge is {to}'s to accept"),
        ));
    }
    if seek.rated && taker.guest {
        return Err(ApiError::forbidden_at(
            "rated",
            "a rated game is for players signed in to an account: sign up or log in".to_owned(),
        ));
    }
    Ok(())
}

/// The game `seek`, accepted by `taker`, becomes.
///
/// # Errors
/// As [`new_game`]'s.
pub fn game_of(seek: &Seek, taker: &Player) -> Result<Live, ApiError> {
    let variant = seek.variant.parse::<Variant>().unwrap_or(Variant::Sade);
    let new = NewGame {
        start: Start::Position { variant, fen: None },
        mode: Mode::Play,
        die: Die::Server,
        seats: [Seat::Human, Seat::Human],
        time_control: seek.time_control,
        arbiter: false,
        listed: seek.public,
    };
    let mut live = new_game(&new)?;
    let seeker_white = match seek.colour {
        Colour::White => true,
        Colour::Black => false,
        Colour::Random => random_seed()[0] & 1 == 0,
    };
    let (white, black) = if seeker_white {
        (seek.by.clone(), taker.name.clone())
    } else {
        (taker.name.clone(), seek.by.clone())
    };
    let kind = if seek.rated { "Rated" } else { "Casual" };
    live.game
        .set_tag("Event", format!("{kind} {} game", variant.tag()));
    live.game
        .set_tag("Date", pgn_date(crate::serve::clock::now()));
    live.game.set_tag("White", white.clone());
    live.game.set_tag("Black", black.clone());
    live.meta.owners = [Some(white), Some(black)];
    live.meta.rated = seek.rated;
    live.meta.listed = seek.public;
    Ok(live)
}

/// The day of `ms` (milliseconds since the Unix epoch, UTC) as PGN's `Date` writes it:
/// `2026.12.07` (the civil calendar from the days since the epoch, after Howard Hinnant).
fn pgn_date(ms: u64) -> String {
    let days = i64::try_from(ms / 86_400_000).unwrap_or(0) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted + 2) / 5 + 1;
    let month = if shifted < 10 {
        shifted + 3
    } else {
        shifted - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::pgn_date;

    #[test]
    fn a_day_is_written_as_pgn_writes_it() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(951_782_400_000), "2000.02.29");
        assert_eq!(pgn_date(1_796_601_600_000), "2026.12.07");
        assert_eq!(pgn_date(1_796_688_000_000 - 1), "2026.12.07");
    }
}
