//! The accounts' API: register, sign in and out, change the password,
//! delete the account, and a player's public page in JSON.
//!
//! Passwords are hashed with Argon2id (the `argon2` crate's default
//! parameters, a random salt each), on a blocking thread since a hash takes
//! tens of milliseconds by design. A deleted account's games stay; its name
//! is freed, so another player may take it. Sessions are the core's
//! (`crate::api::identity`).

use crate::api::identity::{
    attempt_from, attempt_on, check_name, cookie, session_token, start_session, token_hash,
    SignedIn,
};
use crate::api::{blocking, error, internal, secret, ApiError};
use crate::api::{ClientOf, JsonBody};
use crate::store::PlayerRow;
use crate::Shared;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=200;

#[derive(Deserialize)]
pub(crate) struct Credentials {
    name: String,
    password: String,
}

#[derive(Deserialize)]
pub(crate) struct PasswordChange {
    old: String,
    new: String,
}

#[derive(Deserialize)]
pub(crate) struct PasswordBody {
    password: String,
}

fn check_password(password: &str) -> Result<(), ApiError> {
    if PASSWORD_CHARS.contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(error(
            StatusCode::BAD_REQUEST,
            "bad_password",
            "a password is 8 to 200 characters long",
        ))
    }
}

/// The Argon2id hash of a password, in the PHC string format.
fn hash_password(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(internal)?;
    let salt = SaltString::encode_b64(&salt).map_err(internal)?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(internal)
}

/// Whether `password` matches a stored hash; false for a hash that cannot
/// be read (a deleted account's empty one).
fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
}

/// A hash no password is known for, checked against when the name is
/// unknown, so that an unknown name costs the same time as a wrong
/// password and the answers cannot tell them apart.
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| hash_password(&secret()).unwrap_or_default())
}

/// Computes the decoy hash ahead of the first sign-in (on a thread of its
/// own, at start), so that not even the first unknown name takes longer.
pub fn prepare() {
    decoy_hash();
}

/// Runs password hashing off the async threads, a few at a time: each
/// Argon2 hash holds 19 MiB and a core for tens of milliseconds, so a flood
/// of sign-ins from many addresses waits here instead of taking every
/// blocking thread and gigabytes of memory.
async fn hashing<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> Result<R, ApiError> {
    static HASHING: OnceLock<tokio::sync::Semaphore> = OnceLock::new();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let permit = HASHING
        .get_or_init(|| tokio::sync::Semaphore::new(cores))
        .acquire()
        .await
        .map_err(internal)?;
    let result = tokio::task::spawn_blocking(f).await.map_err(internal);
    drop(permit);
    result
}

/// `POST /api/account` `{name, password}`: a new account, signed in.
pub(crate) async fn register(
    State(state): State<Shared>,
    client: ClientOf,
    JsonBody(body): JsonBody<Credentials>,
) -> Result<Response, ApiError> {
    check_name(&body.name)?;
    check_password(&body.password)?;
    attempt_from(&state, &client)?;
    let password = body.password;
    let hash = hashing(move || hash_password(&password)).await??;
    let player = PlayerRow {
        id: secret(),
        name: body.name,
        password: hash,
        created: state.time.now_secs(),
        deleted: false,
    };
    let row = player.clone();
    if !blocking(&state, move |store| store.create_player(&row)).await? {
        return Err(error(
            StatusCode::CONFLICT,
            "name_taken",
            format!(
                "the name '{}' is taken (names are the same in any case): choose another",
                player.name
            ),
        ));
    }
    let Some(cookie) = start_session(&state, &player).await? else {
        return Err(internal(format!("account {} has gone since it was made", player.id)));
    };
    Ok((
        StatusCode::CREATED,
        [(header::SET_COOKIE, cookie)],
        Json(Registered { name: player.name, created: player.created }),
    )
        .into_response())
}

fn wrong_credentials() -> ApiError {
    error(StatusCode::UNAUTHORIZED, "wrong_credentials", "the name or the password is wrong")
}

/// `POST /api/session` `{name, password}`: signs in. A wrong password and
/// an unknown name get the same answer, after the same work.
pub(crate) async fn sign_in(
    State(state): State<Shared>,
    client: ClientOf,
    JsonBody(body): JsonBody<Credentials>,
) -> Result<Response, ApiError> {
    attempt_from(&state, &client)?;
    attempt_on(&state, &client, &body.name)?;
    let name = body.name.clone();
    let player = if check_name(&name).is_ok() {
        blocking(&state, move |store| store.player_named(&name)).await?
    } else {
        None
    };
    let stored = player.as_ref().map(|p| p.password.clone());
    let password = body.password;
    let matches = hashing(move || match stored {
        Some(hash) => verify_password(&password, &hash),
        None => {
            verify_password(&password, decoy_hash());
            false
        }
    })
    .await?;
    let Some(player) = player.filter(|_| matches) else { return Err(wrong_credentials()) };
    // The password checked may have been changed meanwhile (the change
    // ended every other session): then it is no longer the password.
    let Some(cookie) = start_session(&state, &player).await? else {
        return Err(wrong_credentials());
    };
    Ok(([(header::SET_COOKIE, cookie)], Json(Who { name: player.name })).into_response())
}

/// `GET /api/session`: who is signed in.
pub(crate) async fn who(SignedIn { player, .. }: SignedIn) -> Result<Response, ApiError> {
    Ok(Json(Who { name: player.name }).into_response())
}

/// `DELETE /api/session`: signs out (the session ends on the server too).
pub(crate) async fn sign_out(
    State(state): State<Shared>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some(token) = session_token(&headers) {
        let hash = token_hash(&token);
        blocking(&state, move |store| store.delete_session(&hash)).await?;
    }
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie(&state, None))]).into_response())
}

/// Checks the signed-in player's password (one attempt on their name).
async fn confirm(
    state: &Shared,
    client: &ClientOf,
    player: &PlayerRow,
    password: String,
) -> Result<(), ApiError> {
    attempt_on(state, client, &player.name)?;
    let hash = player.password.clone();
    if hashing(move || verify_password(&password, &hash)).await? {
        Ok(())
    } else {
        Err(error(StatusCode::UNAUTHORIZED, "wrong_password", "the password is wrong"))
    }
}

/// `POST /api/account/password` `{old, new}`: a new password; every other
/// session of the account ends.
pub(crate) async fn change_password(
    State(state): State<Shared>,
    client: ClientOf,
    SignedIn { player, session }: SignedIn,
    JsonBody(body): JsonBody<PasswordChange>,
) -> Result<Response, ApiError> {
    check_password(&body.new)?;
    confirm(&state, &client, &player, body.old).await?;
    let new = body.new;
    let hash = hashing(move || hash_password(&new)).await??;
    blocking(&state, move |store| store.set_password(&player.id, &hash, &session)).await?;
    Ok(Json(Changed { changed: true }).into_response())
}

/// `DELETE /api/account` `{password}`: deletes the signed-in account.
pub(crate) async fn delete_account(
    State(state): State<Shared>,
    client: ClientOf,
    SignedIn { player, .. }: SignedIn,
    JsonBody(body): JsonBody<PasswordBody>,
) -> Result<Response, ApiError> {
    confirm(&state, &client, &player, body.password).await?;
    let id = player.id.clone();
    blocking(&state, move |store| store.delete_player(&id)).await?;
    crate::api::account_gone(&state, &player.id).await?;
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie(&state, None))]).into_response())
}

/// `GET /api/players/{name}`: a player's name, when they registered, their
/// ratings by ruleset and their rated results.
pub(crate) async fn player(
    State(state): State<Shared>,
    Path(name): Path<String>,
) -> Result<Json<PlayerView>, ApiError> {
    let unknown =
        || error(StatusCode::NOT_FOUND, "unknown_player", format!("there is no player '{name}'"));
    if check_name(&name).is_err() {
        return Err(unknown());
    }
    let key = name.clone();
    let found = blocking(&state, move |store| {
        let Some(player) = store.player_named(&key)? else { return Ok(None) };
        let ratings = store.ratings(&player.id)?;
        Ok(Some((player, ratings)))
    })
    .await?;
    let Some((player, ratings)) = found else { return Err(unknown()) };
    let mut results = Results { won: 0, drawn: 0, lost: 0 };
    let mut by_ruleset = BTreeMap::new();
    for r in &ratings {
        results.won += u64::from(r.won);
        results.drawn += u64::from(r.drawn);
        results.lost += u64::from(r.lost);
        let view = RatingView {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: r.games,
        };
        by_ruleset.insert(r.ruleset.clone(), view);
    }
    Ok(Json(PlayerView {
        name: player.name,
        created: player.created,
        ratings: by_ruleset,
        results,
    }))
}

/// A new account.
#[derive(Serialize)]
pub(crate) struct Registered {
    name: String,
    created: i64,
}

/// Who is signed in.
#[derive(Serialize)]
pub(crate) struct Who {
    name: String,
}

/// A password changed.
#[derive(Serialize)]
pub(crate) struct Changed {
    changed: bool,
}

/// A player's public page in JSON: ratings by ruleset id, and their rated
/// results in all games.
#[derive(Serialize)]
pub(crate) struct PlayerView {
    name: String,
    created: i64,
    ratings: BTreeMap<String, RatingView>,
    results: Results,
}

/// A rating in one ruleset.
#[derive(Serialize)]
pub(crate) struct RatingView {
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: u32,
}

/// Rated games won, drawn and lost.
#[derive(Serialize)]
pub(crate) struct Results {
    won: u64,
    drawn: u64,
    lost: u64,
}
