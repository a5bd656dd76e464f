//! The HTTP/JSON API and the WebSocket.
//!
//! Every error is JSON, `{"error": {"code": ..., "message": ...}}`, with the
//! HTTP status that fits (400 malformed, 403 not your seat, 404 unknown game,
//! 409 not now, 413 too large, 429 too many), and a refused request changes
//! nothing.

use crate::store::StoreError;
use crate::Shared;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{header, StatusCode};
use axum::Json;
use serde::de::DeserializeOwned;

pub mod identity;
pub(crate) mod socket;

pub use identity::{
    check_name, guest_cookie, new_guest_cookie, SeenLog, SignInLimits, GUEST_COOKIE, SESSION_COOKIE,
};

pub(crate) use identity::{
    attempt_from, class_attempt, guest_id, signed_in, signed_in_name, signed_in_player,
    start_pupil_session, token_hash, SignedIn,
};

pub use crate::error::{error, incident_id, internal, server_error, ApiError, Detail};

/// A feature's work in progress, boxed (what a hook of the server answers).
pub type Pending<'a> =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<(), ApiError>> + Send + 'a>>;

/// What a feature does once an account is gone (deleted, or a pupil
/// removed): the games in memory and the tournaments take its name out of
/// theirs. The server is
/// given the features' hooks when it is made (`crate::state_with`), so the
/// accounts' code names no feature.
pub type AccountGone = fn(&Shared, &str) -> Pending<'static>;

/// An account is gone: each feature's hook runs, in order (the games in
/// memory forget its name first).
pub(crate) async fn account_gone(state: &Shared, player: &str) -> Result<(), ApiError> {
    for hook in state.account_gone {
        hook(state, player).await?;
    }
    Ok(())
}

/// Whether a path's id can be one of ours (a tournament's, a class's):
/// 1 to 32 ASCII letters and digits. Anything else is a 404 at once.
pub(crate) fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The client a request comes from, for the limits and the computer's fair
/// share: its connection's address, or behind a trusted proxy the address
/// the proxy names (`serve::ClientAddr`); never a header from anyone else.
pub(crate) struct ClientOf(pub(crate) crate::scheduler::Client);

impl<S: Send + Sync> FromRequestParts<S> for ClientOf {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        let client = parts.extensions.get::<crate::serve::ClientAddr>();
        Ok(ClientOf(
            client.map_or(crate::scheduler::Client::Unknown, |c| crate::scheduler::Client::of(c.0)),
        ))
    }
}

/// Counts `n` new games against the client's address's games an hour
/// (`--games-per-address-per-hour`), all or none: every game a request
/// makes counts (a new game, an uploaded record, a rematch or a match's
/// next game, a lobby pairing, each game of a tournament's round), so no
/// way in fills the disk faster than the quota. 429 `too_many_games` if
/// the address has fewer left.
pub(crate) fn count_games(
    state: &Shared,
    client: &crate::scheduler::Client,
    n: u32,
) -> Result<(), ApiError> {
    let crate::scheduler::Client::Address(ip) = client else { return Ok(()) };
    if n == 0 || state.creations.allow_many(*ip, n) {
        return Ok(());
    }
    let what = if n == 1 { "a game".to_string() } else { format!("{n} games") };
    Err(error(
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_games",
        format!(
            "your address has created as many games as it may in an hour, and this would make \
             {what}; finish or reuse one, or try again later"
        ),
    ))
}

/// The answer when the computer's queues refuse a hint or review.
pub(crate) fn refused(why: crate::scheduler::Refused) -> ApiError {
    match why {
        crate::scheduler::Refused::TooMany { cap } => error(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_analyses",
            format!(
                "your address already has {cap} hints or reviews waiting or being computed; \
                 wait for them before asking for more"
            ),
        ),
        crate::scheduler::Refused::AlreadyQueued => error(
            StatusCode::CONFLICT,
            "already_thinking",
            "the computer is already thinking about this game",
        ),
    }
}

/// The ruleset a request names (an id or an alias), or 400
/// `unknown_ruleset`.
pub(crate) fn ruleset_named(id: &str) -> Result<&'static mancala_rules::Ruleset, ApiError> {
    mancala_rules::ruleset(id)
        .map_err(|e| error(StatusCode::BAD_REQUEST, "unknown_ruleset", e.to_string()))
}

/// 400 for a request's field whose value is not one of the names it takes
/// (`code` such as `bad_mode`): the answer names the value and the choices.
pub(crate) fn not_one_of(code: &str, field: &str, value: &str, choices: &str) -> ApiError {
    error(StatusCode::BAD_REQUEST, code, format!("{field} '{value}' is not one of {choices}"))
}

/// A handler's JSON answer. Every handler names its answer's type: a struct
/// of its own, or `Value` for a game state document of `mancala_json`.
pub(crate) type ApiResult<T> = Result<Json<T>, ApiError>;

/// A JSON body whose errors are JSON too: 413 past the body limit, 400 for
/// anything that is not the expected JSON.
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return Err(error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "not_json",
                "the request body must be JSON, sent with Content-Type: application/json",
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                error(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "body_too_large",
                    format!("the request body is larger than {} bytes", crate::BODY_LIMIT),
                )
            } else {
                error(StatusCode::BAD_REQUEST, "bad_body", rejection.body_text())
            }
        })?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| {
            error(
                StatusCode::BAD_REQUEST,
                "malformed_json",
                format!("the body is not the expected JSON: {e}"),
            )
        })
    }
}

/// The id in a request's path (400 `bad_path` if it is not one), then its
/// JSON body, read in that order as a handler taking both would: the first
/// steps of an extractor that goes on with the id (a game's, a
/// tournament's).
pub(crate) async fn path_and_body<B: DeserializeOwned, S: Send + Sync>(
    req: Request,
    state: &S,
) -> Result<(String, B), ApiError> {
    let (mut parts, body) = req.into_parts();
    let axum::extract::Path(id) =
        axum::extract::Path::<String>::from_request_parts(&mut parts, state)
            .await
            .map_err(|e| error(StatusCode::BAD_REQUEST, "bad_path", e.body_text()))?;
    let JsonBody(body) =
        JsonBody::<B>::from_request(Request::from_parts(parts, body), state).await?;
    Ok((id, body))
}

/// A cookie's value in a request (the first cookie of that name).
pub(crate) fn cookie_value(headers: &axum::http::HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.to_string())
}

/// A random secret: 128 bits from the OS, in hex.
pub fn secret() -> String {
    let mut bytes = [0u8; 16];
    if getrandom::fill(&mut bytes).is_err() {
        // No OS randomness: fall back to a seeded generator rather than fail.
        let mut rng = fastrand::Rng::new();
        bytes.iter_mut().for_each(|b| *b = rng.u8(..));
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A short game id: 10 characters of lowercase letters and digits.
pub(crate) fn game_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut bytes = [0u8; 10];
    if getrandom::fill(&mut bytes).is_err() {
        let mut rng = fastrand::Rng::new();
        bytes.iter_mut().for_each(|b| *b = rng.u8(..));
    }
    bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect()
}

/// Characters dropped from names: controls, the bidirectional embeddings,
/// overrides, isolates and marks (which can turn the text around it), and
/// the zero-width ones (which hide differences between names).
pub fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        || matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}')
        || matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{180E}' | '\u{00AD}')
}

/// A name that poses as the computer.
#[derive(Debug, PartialEq, Eq)]
pub struct PosesAsComputer;

/// A player's name as given: invisible characters dropped (see
/// [`invisible`]), trimmed, at most 40 characters. Escaping happens where
/// it is shown. A name that reads as the computer's is refused (see
/// [`poses_as_computer`]).
pub fn clean_name(name: Option<&str>, default: &str) -> Result<String, PosesAsComputer> {
    let name: String = name
        .unwrap_or("")
        .chars()
        .filter(|&c| !invisible(c))
        .take(40)
        .collect::<String>()
        .trim()
        .to_string();
    if name.is_empty() {
        Ok(default.to_string())
    } else if poses_as_computer(&name) {
        Err(PosesAsComputer)
    } else {
        Ok(name)
    }
}

/// A name that a class, a tournament or a tournament's guest must give:
/// cleaned as a player's name ([`clean_name`]) and 1 to `max` characters,
/// or 400 `bad_name` that says so (`rule` begins it: "a class needs").
pub(crate) fn required_name(
    name: Option<&str>,
    max: usize,
    rule: &str,
) -> Result<String, ApiError> {
    let name = clean_name(name, "").map_err(name_error)?;
    if name.is_empty() || name.chars().count() > max {
        return Err(error(
            StatusCode::BAD_REQUEST,
            "bad_name",
            format!("{rule} a name of 1 to {max} characters"),
        ));
    }
    Ok(name)
}

/// The rule: a name is the computer's if, once lowercased, stripped of
/// accents, spaces, punctuation and symbols, and with look-alike letters
/// and digits read as the Latin letters they copy (Cyrillic and Greek
/// `о`, `с`, `р`, `е`, `а`, `т`, `м`, `у`, `0` as `o`, `1` and `|` as `l`...),
/// it is `computer`, `máy`, `máy tính` or `bot`, alone or followed by a
/// level (digits, `level`, `niveau`, `cấp` and digits). "Computer fan",
/// "Maya" and "Robot" stay.
pub fn poses_as_computer(name: &str) -> bool {
    // Each kept character as read (folded) and as written.
    let chars: Vec<(char, char)> = name
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| fold(c).map(|folded| (folded, c)))
        .collect();
    let folded: String = chars.iter().map(|&(f, _)| f).collect();
    ["computer", "maytinh", "may", "bot"].iter().any(|word| {
        let Some(rest) = folded.strip_prefix(word) else { return false };
        let level = ["level", "niveau", "cap", "lv"]
            .iter()
            .find_map(|w| rest.strip_prefix(w).map(|_| w.len()))
            .unwrap_or(0);
        // The level's number, as written: digits only.
        chars[word.len() + level..].iter().all(|&(_, c)| c.is_ascii_digit())
    })
}

/// Whether two names read alike (a guest in a tournament posing as an
/// account): the same once reduced to Unicode's confusable skeleton (UTS
/// #39: Cyrillic `А` and Latin `A`, `0` and `O`, `I` and `l`...) without
/// regard to case, either lowercased first or after (the skeleton tells
/// `I` from `i`, so both orders are tried). Invisible characters are
/// dropped first. Accents are not look-alikes: `Đức` and `Duc` differ.
pub fn look_alike(a: &str, b: &str) -> bool {
    use unicode_security::confusable_detection::skeleton;
    let keys = |name: &str| {
        let name: String = name.chars().filter(|&c| !invisible(c)).collect();
        let name = name.trim();
        [
            skeleton(&name.to_lowercase()).collect::<String>(),
            skeleton(name).collect::<String>().to_lowercase(),
        ]
    };
    let (a, b) = (keys(a), keys(b));
    a[0] == b[0] || a[1] == b[1]
}

/// A lowercase character as read when names are compared with the
/// computer's: accents dropped, look-alikes as the Latin letter they copy,
/// spaces, punctuation and symbols skipped (`None`).
fn fold(c: char) -> Option<char> {
    Some(match c {
        'à' | 'á' | 'ả' | 'ã' | 'ạ' | 'ă' | 'ắ' | 'ằ' | 'ẳ' | 'ẵ' | 'ặ' | 'â' | 'ấ' | 'ầ' | 'ẩ'
        | 'ẫ' | 'ậ' | 'ä' | 'å' | 'а' | 'α' | '@' => 'a',
        'ý' | 'ỳ' | 'ỷ' | 'ỹ' | 'ỵ' | 'ÿ' | 'у' | 'γ' => 'y',
        'ò' | 'ó' | 'ỏ' | 'õ' | 'ọ' | 'ô' | 'ố' | 'ồ' | 'ổ' | 'ỗ' | 'ộ' | 'ơ' | 'ớ' | 'ờ' | 'ở'
        | 'ỡ' | 'ợ' | 'ö' | 'о' | 'ο' | '0' => 'o',
        'è' | 'é' | 'ẻ' | 'ẽ' | 'ẹ' | 'ê' | 'ế' | 'ề' | 'ể' | 'ễ' | 'ệ' | 'ë' | 'е' | 'ε' | '3' => {
            'e'
        }
        'ù' | 'ú' | 'ủ' | 'ũ' | 'ụ' | 'ư' | 'ứ' | 'ừ' | 'ử' | 'ữ' | 'ự' | 'ü' | 'υ' => {
            'u'
        }
        'ì' | 'í' | 'ỉ' | 'ĩ' | 'ị' | 'ï' | 'і' | 'ι' | '!' => 'i',
        'с' | 'ϲ' => 'c',
        'р' | 'ρ' => 'p',
        'т' | 'τ' | '7' => 't',
        'м' | 'μ' => 'm',
        'п' => 'n',
        'к' | 'κ' => 'k',
        'в' | 'β' => 'b',
        'х' | 'χ' => 'x',
        'ѕ' | '5' | '$' => 's',
        'đ' => 'd',
        '1' | '|' => 'l',
        c if c.is_alphanumeric() => c,
        _ => return None,
    })
}

/// Runs blocking storage work off the async threads.
pub(crate) async fn blocking<R: Send + 'static>(
    state: &Shared,
    f: impl FnOnce(&dyn crate::Store) -> Result<R, StoreError> + Send + 'static,
) -> Result<R, ApiError> {
    let store = state.store.clone();
    let call = tokio::task::spawn_blocking(move || f(store.as_ref()));
    let answer = tokio::time::timeout(state.store_timeout, call).await;
    if !matches!(answer, Ok(Ok(Ok(_)))) {
        state.metrics.store_errors.inc();
    }
    match answer {
        Ok(done) => done.map_err(internal)?.map_err(ApiError::from),
        // The call goes on on its thread; the request does not wait.
        Err(_) => Err(server_error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("a storage call took more than {} s", state.store_timeout.as_secs()),
        )),
    }
}

/// The answer to a name that poses as the computer.
pub(crate) fn name_error(_: PosesAsComputer) -> ApiError {
    error(
        StatusCode::BAD_REQUEST,
        "computer_name",
        "a player's name cannot be the computer's (such as \"Computer\" or \"Máy\"): \
         choose another",
    )
}
