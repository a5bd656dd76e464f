//! Who a request is: the session (a random 128-bit token in an `HttpOnly`
//! cookie, of which the store keeps only the SHA-256: a fast hash is enough
//! for a random secret of 128 bits), the limits on sign-in attempts, the
//! guest identity, the pupils' last-seen log and the name rules. Every
//! feature asks this module who is signed in; the accounts' own pages and
//! API (register, sign in, passwords, deletion) are `crate::accounts`.
//!
//! Names are 2-20 ASCII letters, digits, `-` and `_`, unique without regard
//! to case: ASCII only, so that no two names can look alike in different
//! scripts.

use super::{blocking, error, name_error, poses_as_computer, secret, ApiError};
use super::{ClientOf, PosesAsComputer};
use crate::limit::Buckets;
use crate::scheduler::Client;
use crate::store::{NewSession, PlayerRow};
use crate::Shared;
use axum::http::{HeaderMap, StatusCode};
use sha2::{Digest, Sha256};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "mancala_session";

/// How long a session lasts: then the player signs in again.
pub const SESSION_DAYS: i64 = 30;

const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=20;

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
pub(crate) fn attempt_on(state: &Shared, client: &ClientOf, name: &str) -> Result<(), ApiError> {
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

/// The SHA-256 of a session (or guest) token, in hex: what the store keeps.
pub(crate) fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The session token the request's cookie carries.
pub(crate) fn session_token(headers: &HeaderMap) -> Option<String> {
    super::cookie_value(headers, SESSION_COOKIE)
}

/// The `Set-Cookie` value for a session (`None`: the one that ends it).
pub(crate) fn cookie(state: &Shared, token: Option<&str>) -> String {
    let secure = if state.public_url.starts_with("https://") { "; Secure" } else { "" };
    let (value, age) = match token {
        Some(token) => (token, SESSION_DAYS * 86_400),
        None => ("", 0),
    };
    format!("{SESSION_COOKIE}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={age}{secure}")
}

pub(crate) fn not_signed_in() -> ApiError {
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

/// The signed-in player of a request and their session's hash, as an
/// extractor: [`signed_in`] as a handler's first step (401 without a
/// session).
pub(crate) struct SignedIn {
    pub(crate) player: PlayerRow,
    pub(crate) session: String,
}

impl axum::extract::FromRequestParts<Shared> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &Shared,
    ) -> Result<Self, ApiError> {
        let (player, session) = signed_in(state, &parts.headers).await?;
        Ok(SignedIn { player, session })
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
pub(crate) async fn start_session(
    state: &Shared,
    player: &PlayerRow,
) -> Result<Option<String>, ApiError> {
    let token = secret();
    let (hash, id, password) = (token_hash(&token), player.id.clone(), player.password.clone());
    let at = state.time.now_secs();
    let started = blocking(state, move |store| {
        store.create_session(NewSession {
            token_hash: &hash,
            player: &id,
            password: &password,
            created: at,
        })
    })
    .await?;
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
