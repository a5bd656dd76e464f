//! Accounts: register, sign in and out, change the password, delete the
//! account, and a player's public page in JSON.
//!
//! A session is a random 128-bit token in an `HttpOnly` cookie; the store
//! keeps only its SHA-256 (a fast hash is enough for a random secret of 128
//! bits: nobody can guess one, and a stolen database holds no usable token).
//! Passwords are hashed with Argon2id (the `argon2` crate's default
//! parameters, a random salt each), on a blocking thread since a hash takes
//! tens of milliseconds by design.
//!
//! Names are 2-20 ASCII letters, digits, `-` and `_`, unique without regard
//! to case: ASCII only, so that no two names can look alike in different
//! scripts. A deleted account's games stay; its name is freed, so another
//! player may take it.

use super::{blocking, error, internal, name_error, poses_as_computer, secret, ApiError};
use super::{ClientOf, JsonBody, PosesAsComputer};
use crate::limit::Buckets;
use crate::scheduler::Client;
use crate::store::PlayerRow;
use crate::Shared;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "mancala_session";

/// How long a session lasts: then the player signs in again.
pub const SESSION_DAYS: i64 = 30;

const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=20;
const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=200;

/// Sign-in attempts (and registrations) one address may make: a burst of
/// this many, then one every [`ATTEMPT_SECONDS`]. Enough for a class of
/// pupils behind one school address registering and signing in at once,
/// far too few to guess passwords.
const ATTEMPTS_PER_ADDRESS: f64 = 30.0;
/// Sign-in attempts on one name from one address: a burst of this many,
/// then one every [`ATTEMPT_SECONDS`]. Counted per address and name, not
/// per name alone: otherwise ten wrong passwords from anywhere would lock
/// the owner out from everywhere.
const ATTEMPTS_PER_ADDRESS_AND_NAME: f64 = 10.0;
const ATTEMPT_SECONDS: f64 = 60.0;
/// Class joins and pupil-code sign-ins one address may make: a burst of
/// this many, then one every [`CLASS_ATTEMPT_SECONDS`]. A class of sixty
/// joining at once and its pupils changing places at the school's
/// computers fit; at this pace one address needs about 70 years on
/// average to hit a class code (31^6) and 68,000 for a pupil code (31^8).
const CLASS_ATTEMPTS: f64 = 120.0;
const CLASS_ATTEMPT_SECONDS: f64 = 5.0;
/// Sign-in attempts on one name from all addresses together, a burst of
/// this many, then as many an hour: a ceiling on guessing from a botnet's
/// many addresses that one address (or a dozen) cannot reach to lock the
/// owner out.
const ATTEMPTS_PER_NAME_AN_HOUR: f64 = 100.0;

/// Token buckets for sign-in attempts, keyed by address or by name
/// (bounded maps, see `crate::limit`).
pub struct SignInLimits {
    by_address: Buckets<Client>,
    /// Pupils joining a class or signing in with a pupil code: a whole
    /// class behind one school address, pupils taking turns at shared
    /// computers (see [`CLASS_ATTEMPTS`]).
    classes: Buckets<Client>,
    by_address_and_name: Buckets<(Client, String)>,
    by_name: Buckets<String>,
}

impl Default for SignInLimits {
    fn default() -> SignInLimits {
        let rate = 1.0 / ATTEMPT_SECONDS;
        SignInLimits {
            by_address: Buckets::new(rate, ATTEMPTS_PER_ADDRESS),
            classes: Buckets::new(1.0 / CLASS_ATTEMPT_SECONDS, CLASS_ATTEMPTS),
            by_address_and_name: Buckets::new(rate, ATTEMPTS_PER_ADDRESS_AND_NAME),
            by_name: Buckets::new(ATTEMPTS_PER_NAME_AN_HOUR / 3600.0, ATTEMPTS_PER_NAME_AN_HOUR),
        }
    }
}

impl SignInLimits {
    /// Keys kept now, all maps together.
    pub fn len(&self) -> usize {
        self.by_address.len()
            + self.classes.len()
            + self.by_address_and_name.len()
            + self.by_name.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn too_many_attempts(what: &str) -> ApiError {
    error(
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_attempts",
        format!("too many sign-in attempts {what}; wait a minute and try again"),
    )
}

/// One attempt for the client's address.
pub(crate) fn attempt_from(state: &Shared, client: &ClientOf) -> Result<(), ApiError> {
    if state.sign_ins.by_address.take(client.0, 1.0) {
        Ok(())
    } else {
        Err(too_many_attempts("from your address"))
    }
}

/// One class join or pupil-code sign-in for the client's address.
pub(crate) fn class_attempt(state: &Shared, client: &ClientOf) -> Result<(), ApiError> {
    if state.sign_ins.classes.take(client.0, 1.0) {
        Ok(())
    } else {
        Err(too_many_attempts("from your address"))
    }
}

/// One attempt on a name (of any length: only its first characters key it)
/// from the client's address, counted for the pair and for the name.
fn attempt_on(state: &Shared, client: &ClientOf, name: &str) -> Result<(), ApiError> {
    let key: String =
        name.chars().take(NAME_CHARS.end() + 1).collect::<String>().to_ascii_lowercase();
    if !state.sign_ins.by_address_and_name.take((client.0, key.clone()), 1.0) {
        return Err(too_many_attempts("on this name from your address"));
    }
    if !state.sign_ins.by_name.take(key, 1.0) {
        return Err(too_many_attempts("on this name"));
    }
    Ok(())
}

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

/// Why a name cannot be an account's.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if !NAME_CHARS.contains(&name.chars().count()) || !name.chars().all(allowed) {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "bad_name",
            "a player's name is 2 to 20 characters: ASCII letters (a-z, A-Z), digits, '-' and '_'",
        ));
    }
    if poses_as_computer(name) {
        return Err(name_error(PosesAsComputer));
    }
    Ok(())
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

/// The SHA-256 of a session (or guest) token, in hex: what the store keeps.
pub(crate) fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The session token the request's cookie carries.
fn session_token(headers: &HeaderMap) -> Option<String> {
    super::cookie_value(headers, SESSION_COOKIE)
}

/// The `Set-Cookie` value for a session (`None`: the one that ends it).
fn cookie(state: &Shared, token: Option<&str>) -> String {
    let secure = if state.public_url.starts_with("https://") { "; Secure" } else { "" };
    let (value, age) = match token {
        Some(token) => (token, SESSION_DAYS * 86_400),
        None => ("", 0),
    };
    format!("{SESSION_COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={age}{secure}")
}

fn not_signed_in() -> ApiError {
    error(StatusCode::UNAUTHORIZED, "not_signed_in", "sign in first")
}

/// The signed-in player of a request and their session's hash, or 401.
pub(crate) async fn signed_in(
    state: &Shared,
    headers: &HeaderMap,
) -> Result<(PlayerRow, String), ApiError> {
    let Some(token) = session_token(headers) else { return Err(not_signed_in()) };
    let hash = token_hash(&token);
    let key = hash.clone();
    let found = blocking(state, move |store| store.session(&key)).await?;
    match found {
        Some((player, started)) if state.time.now_secs() - started < SESSION_DAYS * 86_400 => {
            seen(state, &player.id);
            Ok((player, hash))
        }
        _ => Err(not_signed_in()),
    }
}

/// The signed-in player of a request, if any: `None` without a session
/// cookie, or with one that is unknown, ended or too old (a guest).
pub(crate) async fn signed_in_player(
    state: &Shared,
    headers: &HeaderMap,
) -> Result<Option<PlayerRow>, ApiError> {
    if session_token(headers).is_none() {
        return Ok(None);
    }
    match signed_in(state, headers).await {
        Ok((player, _)) => Ok(Some(player)),
        Err(e) if e.status == StatusCode::UNAUTHORIZED => Ok(None),
        Err(e) => Err(e),
    }
}

/// Starts a session for a player whose password hash was `password` when
/// it was checked: the cookie that carries it, or `None` if the password
/// has changed since (or the account is gone).
async fn start_session(state: &Shared, player: &PlayerRow) -> Result<Option<String>, ApiError> {
    let token = secret();
    let (hash, id, password) = (token_hash(&token), player.id.clone(), player.password.clone());
    let at = state.time.now_secs();
    let started =
        blocking(state, move |store| store.create_session(&hash, &id, &password, at)).await?;
    Ok(started.then(|| cookie(state, Some(&token))))
}

/// Starts a session for a pupil's account (which has no password): the
/// cookie that carries it.
pub(crate) async fn start_pupil_session(
    state: &Shared,
    pupil: &PlayerRow,
) -> Result<String, ApiError> {
    start_session(state, pupil).await?.ok_or_else(|| {
        error(StatusCode::NOT_FOUND, "unknown_pupil", "the pupil was removed from the class")
    })
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
        Json(json!({ "name": player.name, "created": player.created })),
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
    Ok(([(header::SET_COOKIE, cookie)], Json(json!({ "name": player.name }))).into_response())
}

/// `GET /api/session`: who is signed in.
pub(crate) async fn who(
    State(state): State<Shared>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (player, _) = signed_in(&state, &headers).await?;
    Ok(Json(json!({ "name": player.name })).into_response())
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
    headers: HeaderMap,
    JsonBody(body): JsonBody<PasswordChange>,
) -> Result<Response, ApiError> {
    let (player, session) = signed_in(&state, &headers).await?;
    check_password(&body.new)?;
    confirm(&state, &client, &player, body.old).await?;
    let new = body.new;
    let hash = hashing(move || hash_password(&new)).await??;
    blocking(&state, move |store| store.set_password(&player.id, &hash, &session)).await?;
    Ok(Json(json!({ "changed": true })).into_response())
}

/// `DELETE /api/account` `{password}`: deletes the signed-in account.
pub(crate) async fn delete_account(
    State(state): State<Shared>,
    client: ClientOf,
    headers: HeaderMap,
    JsonBody(body): JsonBody<PasswordBody>,
) -> Result<Response, ApiError> {
    let (player, _) = signed_in(&state, &headers).await?;
    confirm(&state, &client, &player, body.password).await?;
    let id = player.id.clone();
    blocking(&state, move |store| store.delete_player(&id)).await?;
    super::account_gone(&state, &player.id).await?;
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie(&state, None))]).into_response())
}

/// `GET /api/players/{name}`: a player's name, when they registered, their
/// ratings by ruleset and their rated results.
pub(crate) async fn player(
    State(state): State<Shared>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
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
    let (mut won, mut drawn, mut lost) = (0u64, 0u64, 0u64);
    let mut by_ruleset = Map::new();
    for r in &ratings {
        won += u64::from(r.won);
        drawn += u64::from(r.drawn);
        lost += u64::from(r.lost);
        by_ruleset.insert(
            r.ruleset.clone(),
            json!({
                "rating": r.rating,
                "deviation": r.deviation,
                "volatility": r.volatility,
                "games": r.games,
            }),
        );
    }
    Ok(Json(json!({
        "name": player.name,
        "created": player.created,
        "ratings": by_ruleset,
        "results": { "won": won, "drawn": drawn, "lost": lost },
    })))
}

/// A signed-in pupil's last-seen time is written at most this often.
const SEEN_EVERY: i64 = 60;

/// When each account was last marked seen, so that a pupil's pages (which
/// poll) write its last-seen time once a minute, not on every request.
#[derive(Default)]
pub struct SeenLog(std::sync::Mutex<std::collections::HashMap<String, i64>>);

impl SeenLog {
    /// Whether `player` is due to be marked seen at `at` (and notes it).
    fn due(&self, player: &str, at: i64) -> bool {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if map.get(player).is_some_and(|&last| at - last < SEEN_EVERY) {
            return false;
        }
        // Bounded: forgetting everyone costs one write each, once.
        if map.len() >= 100_000 {
            map.clear();
        }
        map.insert(player.to_string(), at);
        true
    }

    pub fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Marks a signed-in account seen (a pupil's last-seen time; nothing is
/// written for other accounts), at most once a minute, without holding up
/// the request.
fn seen(state: &Shared, player: &str) {
    let at = state.time.now_secs();
    if !state.pupils_seen.due(player, at) {
        return;
    }
    let store = state.store.clone();
    let player = player.to_string();
    // A read first: only a pupil's visit costs a write (and its fsync).
    tokio::task::spawn_blocking(move || {
        let stored = match store.pupil_of(&player) {
            Ok(Some(_)) => store.pupil_seen(&player, at),
            Ok(None) => Ok(()),
            Err(e) => Err(e),
        };
        if let Err(e) = stored {
            tracing::warn!("a pupil's last-seen time was not stored: {e}");
        }
    });
}

/// The guest identity cookie's name.
pub const GUEST_COOKIE: &str = "mancala_guest";

/// The guest identity the request carries: 32 hex digits, as [`secret`]
/// makes them (anything else is ignored).
pub(crate) fn guest_id(headers: &HeaderMap) -> Option<String> {
    super::cookie_value(headers, GUEST_COOKIE)
        .filter(|v| v.len() == 32 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The `Set-Cookie` value that gives a browser a guest identity (a year).
pub fn guest_cookie(state: &Shared, id: &str) -> String {
    let secure = if state.public_url.starts_with("https://") { "; Secure" } else { "" };
    format!("{GUEST_COOKIE}={id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000{secure}")
}

/// A new guest identity for a page that has none (the lobby page sets it,
/// so that its socket and its requests are one person).
pub fn new_guest_cookie(state: &Shared, headers: &HeaderMap) -> Option<String> {
    guest_id(headers).is_none().then(|| guest_cookie(state, &secret()))
}

/// The signed-in player's name, for pages (none for guests, or if the
/// session cannot be read).
pub(crate) async fn signed_in_name(state: &Shared, headers: &HeaderMap) -> Option<String> {
    signed_in(state, headers).await.ok().map(|(player, _)| player.name)
}
