//! The changes to a game (spec/SERVE.md, "Changing a game"): roll, act, bot, take-back, a
//! declared end, the tags. Each is made on a copy of the game under its lock, judged, saved,
//! and only then kept; the answer is the new state, whole or, when the request prefers it,
//! minimal (RFC 7240's `Prefer: return=minimal`). Their OpenAPI tag stays `routes`, the
//! module they were written in first, so that spec/openapi.json did not change with the move.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::serve::accounts::sessions;
use crate::serve::clock;
use crate::serve::error::{ApiError, BodyErrors, ErrorBody};
use crate::serve::http::{
    App, Body, GAME, Shared, admit, blocking, find, flag_fall, held, no_seat, rate_ended,
};
use crate::serve::input::{
    ActRequest, AnswerRequest, EndRequest, OfferRequest, Prefer, RollRequest, TagsRequest,
    TokenRequest, act_actions, clicked,
};
use crate::serve::live::{Holder, Live, Mode, settled};
use crate::serve::meta::Proposal;
use crate::serve::new_game::rematch_of;
use crate::serve::offers::Offered;
use crate::serve::view::{Extent, GameState};

/// Runs `change` on a copy of game `id` under its lock; saves the copy; keeps it only when it
/// is saved. The answer is the game after the change, as much of it as the request's `Prefer`
/// asks. Who asks is the holder of `token`, or else the seat of the request's session.
async fn change(
    app: Shared,
    id: String,
    token: Option<String>,
    headers: HeaderMap,
    change: impl FnOnce(&mut Live, Holder) -> Result<(), ApiError> + Send + 'static,
) -> Result<Response, ApiError> {
    let extent = extent(&headers);
    let game = find(&app, &id)?;
    let state = blocking("the referee's task", move || {
        let mut live = held(game.lock(), GAME)?;
        let holder =
            sessions::holder(&app, &headers, &live, token.as_deref())?.ok_or_else(no_seat)?;
        if live.meta.settled {
            return Err(settled());
        }
        if live.meta.abandoned {
            return Err(abandoned());
        }
        let now = clock::now();
        // The server's clock first: a side whose time ran out has lost, whatever it asks.
        if let Some(fallen) = flag_fall(&app, &id, &mut live, now)? {
            return Err(ApiError::conflict(
                "clock",
                format!(
                    "{}'s time ran out: {} wins on time",
                    fallen.name(),
                    fallen.other().name()
                ),
            ));
        }
        let mut next = live.clone();
        change(&mut next, holder)?;
        next.meta.changed = Some(now);
        for after_change in &app.after_change {
            after_change(&mut next)?;
        }
        if next.against_a_bot() {
            next.play_bots(1)?;
        }
        next.tick(
            live.turn_in_progress().unwrap_or(live.game.turns.len()),
            now,
        );
        let sdn = crate::write::sdn::to_sdn(&next.game);
        // The meta is written with every change: it holds when the game last changed.
        app.store.save_game(&mut next, &sdn, true).map_err(|e| {
            app.not_kept(&id, e, "the game could not be saved, nothing was accepted")
        })?;
        *live = next;
        rate_ended(&app, &live);
        let mut state = GameState::answer(&live, sdn, extent)?;
        state.claimable_at = app.claim_after.and_then(|after| live.claimable_from(after));
        let going = live.going();
        drop(live);
        app.cache(&id, going);
        app.events.tell(&id, &state.version);
        Ok(state)
    })
    .await?;
    let mut response = Json(state).into_response();
    if extent == Extent::Minimal {
        let headers = response.headers_mut();
        headers.insert(
            "preference-applied",
            HeaderValue::from_static("return=minimal"),
        );
    }
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("Prefer"));
    Ok(response)
}

/// The refusal of a change to a game the server closed as abandoned.
fn abandoned() -> ApiError {
    ApiError::conflict(
        "game",
        "this game was closed: nobody played in it for too long (--abandon-after)".to_owned(),
    )
}

/// What the request's `Prefer` headers ask of the answer (RFC 7240): `return=minimal` for the
/// state without the record, its SDN and the board; anything else, or nothing, for all of it.
/// Preferences the server does not know are ignored, as the RFC says.
pub(crate) fn extent(headers: &HeaderMap) -> Extent {
    let minimal = headers
        .get_all("prefer")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|preference| preference.split(';').next())
        .filter_map(|preference| preference.split_once('='))
        .any(|(name, value)| {
            name.trim().eq_ignore_ascii_case("return")
                && value
                    .trim()
                    .trim_matches('"')
                    .eq_ignore_ascii_case("minimal")
        });
    if minimal {
        Extent::Minimal
    } else {
        Extent::Full
    }
}

/// The answers of every change to a game, for the OpenAPI document (never built: the handlers
/// answer with [`GameState`] or an [`ApiError`]).
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
enum ChangeAnswers {
    #[response(
        status = 200,
        description = "The game after the change.",
        headers(("Preference-Applied" = String, description = "`return=minimal` when the answer is the minimal one asked for with `Prefer`."))
    )]
    Changed(Box<GameState>),
    #[response(
        status = 403,
        description = "The token holds no seat of the game, or not the seat whose turn it is."
    )]
    Forbidden(ErrorBody),
    #[response(status = 404, description = "No such game.")]
    NotFound(ErrorBody),
    #[response(
        status = 409,
        description = "The request does not fit the game's state."
    )]
    Conflict(ErrorBody),
    #[response(
        status = 422,
        description = "The referee refused the action: its reason and Article."
    )]
    Refused(ErrorBody),
    #[response(
        status = 503,
        description = "The game could not be saved: nothing was accepted."
    )]
    Unsaved(ErrorBody),
}

/// A route that changes game `id` (spec/SERVE.md, "Changing a game"): its OpenAPI operation,
/// which takes the game's id, `Prefer` and the body `$body`, and answers [`ChangeAnswers`] and [`BodyErrors`];
/// and its handler, which runs `$change` (the body named `$request`) through [`change`].
macro_rules! change_route {
    (
        $method:ident $path:tt, $name:ident, $operation:tt, $description:tt, $body:ident,
        |$request:ident, $live:ident, $holder:ident $(, $app:ident)?| $change:expr
    ) => {
        #[utoipa::path(
            $method,
            path = $path,
            operation_id = $operation,
            tag = "routes",
            description = $description,
            params(("id" = String, Path, description = "The game's id: 16 hex digits."), Prefer),
            request_body = $body,
            responses(ChangeAnswers, BodyErrors)
        )]
        pub(crate) async fn $name(
            State(app): State<Shared>,
            Path(id): Path<String>,
            headers: HeaderMap,
            Body($request): Body<$body>,
        ) -> Result<Response, ApiError> {
            let token = $request.token.clone();
            $(let $app = app.clone();)?
            change(app, id, token, headers, move |$live, $holder| $change).await
        }
    };
}

change_route! {
    post "/api/games/{id}/roll", roll, "roll",
    "Sade: the roll of the turn to come; the face is entered only for an entered die.",
    RollRequest,
    |request, live, holder| {
        if live.meta.mode == Mode::Play && request.face.is_some() {
            return Err(ApiError::bad(
                "face",
                "in play mode the server rolls: no face may be entered".to_owned(),
            ));
        }
        live.play_on(holder);
        live.roll(holder, request.face).map(drop)
    }
}

change_route! {
    post "/api/games/{id}/act", act, "act",
    "Actions of the turn in progress; against a bot, the bot's turn follows.",
    ActRequest,
    |request, live, holder| {
        live.play_on(holder);
        let actions = act_actions(&request, &live.verdict.final_fen)?;
        match clicked(&request) {
            Some(squares) => live.act_clicked(holder, actions, squares),
            None => live.act(holder, actions),
        }
    }
}

change_route! {
    post "/api/games/{id}/bot", bot, "bot",
    "A bot's turn, when a bot has it.",
    TokenRequest,
    |request, live, _holder| {
        if live.play_bots(1)? == 0 {
            return Err(ApiError::conflict("turn", "no bot has the turn".to_owned()));
        }
        Ok(())
    }
}

change_route! {
    post "/api/games/{id}/takeback", take_back, "takeback",
    "Record mode, arbiter: the last action (or roll) taken back; after a declared end (S3), the declaration first.",
    TokenRequest,
    |request, live, holder| {
        // A take-back is help during a puzzle attempt.
        live.meta.aided |= live.is_puzzle();
        live.take_back(holder).map(drop)
    }
}

change_route! {
    post "/api/games/{id}/end", end, "end",
    "A declared end (S3): resignation, agreement, time forfeit, adjudication.",
    EndRequest,
    |request, live, holder| live.declare(holder, request.end, request.winner)
}

change_route! {
    put "/api/games/{id}/tags", tags, "tags",
    "The tags Event, Site, Date, Round, White, Black.",
    TagsRequest,
    |request, live, holder| {
        let tags: Vec<(String, String)> = request.tags.into_iter().collect();
        live.set_tags(holder, &tags)
    }
}

change_route! {
    post "/api/games/{id}/offer", offer, "offer",
    "A seat offers the other a draw (not in Sade), a take-back of its last turn, or (once the game is over) a rematch with colours swapped; the same offer standing from the other seat is accepted instead.",
    OfferRequest,
    |request, live, holder, app| {
        let agreed = match live.offer(holder, request.offer)? {
            Offered::Agreed(proposal) => Some(proposal),
            // A bot accepts every rematch.
            Offered::Standing
                if request.offer == Proposal::Rematch
                    && live.meta.players.iter().any(|p| p != "human") =>
            {
                live.meta.offer = None;
                Some(Proposal::Rematch)
            }
            Offered::Standing => None,
        };
        if agreed == Some(Proposal::Rematch) {
            rematch(&app, live)?;
        }
        Ok(())
    }
}

change_route! {
    post "/api/games/{id}/answer", answer, "answer",
    "The other seat's answer to the offer standing: accepted (the draw agreed, the turn taken back, the rematch made) or declined.",
    AnswerRequest,
    |request, live, holder, app| {
        if live.answer(holder, request.accept)? == Proposal::Rematch && request.accept {
            rematch(&app, live)?;
        }
        Ok(())
    }
}

change_route! {
    post "/api/games/{id}/abort", abort, "abort",
    "Aborts a game before both sides have played: the record says so, the result stays `*`, and the game is never rated.",
    TokenRequest,
    |request, live, holder| live.abort(holder)
}

change_route! {
    post "/api/games/{id}/claim", claim, "claim",
    "In a game between two people without clocks: the win claimed when the opponent has left its turn standing for --claim-after (a declared end, Termination abandoned).",
    TokenRequest,
    |request, live, holder, app| match app.claim_after {
        Some(after) => live.claim(holder, clock::now(), after),
        None => Err(ApiError::conflict(
            "claim",
            "this server lets no win be claimed (--claim-after never)".to_owned(),
        )),
    }
}

/// Makes the rematch of `live`, agreed: the new game admitted, and `live` pointing to it.
fn rematch(app: &App, live: &mut Live) -> Result<(), ApiError> {
    let mut game = rematch_of(live)?;
    if game.against_a_bot() {
        game.play_bots(1)?;
    }
    let id = game.id.clone();
    admit(app, game)?;
    live.meta.rematch = Some(id);
    Ok(())
}
