//! The error answer of every API request: a status, a code for programs,
//! a message for people and what else some errors say ([`Detail`]), as
//! `{"error": {"code": ..., "message": ...}}`. Low in the crate, so that
//! the limits, the metrics and every feature answer errors the same way
//! without reaching into the API's handlers.

use crate::store::StoreError;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use serde_json::Value;

/// An error answer: `{"error": {"code", "message", ...}}` with the status,
/// and what else some errors say, typed ([`Detail`]).
#[derive(Clone, Debug)]
pub struct ApiError {
    pub status: StatusCode,
    /// What went wrong, for programs (`bad_move`, `not_found`...).
    pub code: String,
    /// What went wrong and what is accepted, for people.
    pub message: String,
    pub detail: Option<Detail>,
}

/// What some errors add to their code and message, each under its own
/// field of the answer's `error` object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Detail {
    /// A refused move: the pits that may be played.
    Legal { legal: Vec<String> },
    /// A claim too early: the seconds left before it may be made.
    SecondsLeft { seconds_left: i64 },
    /// The player's own open seek, which a second one would duplicate.
    Seek { seek: String },
    /// The composition published already.
    Id { id: String },
    /// Why the solver could not prove a composition.
    Why { why: String },
    /// A server failure: the incident id that finds it in the log.
    Incident { incident: String },
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: ErrorFields<'a>,
}

#[derive(Serialize)]
struct ErrorFields<'a> {
    code: &'a str,
    message: &'a str,
    #[serde(flatten)]
    detail: Option<&'a Detail>,
}

impl ApiError {
    /// The same error, saying more.
    pub fn with(mut self, detail: Detail) -> ApiError {
        self.detail = Some(detail);
        self
    }

    /// The answer's JSON body.
    pub fn body(&self) -> Value {
        let fields =
            ErrorFields { code: &self.code, message: &self.message, detail: self.detail.as_ref() };
        serde_json::to_value(ErrorBody { error: fields }).unwrap_or(Value::Null)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.message)
    }
}

pub fn error(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
    ApiError { status, code: code.to_string(), message: message.into(), detail: None }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}

impl From<StoreError> for ApiError {
    /// A database that cannot be reached or stayed busy is 503 (a later try
    /// may work); any other failure of the store is 500.
    fn from(e: StoreError) -> ApiError {
        let status = match e {
            StoreError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        server_error(status, e)
    }
}

/// A short random id for one server failure, to find it in the log.
pub fn incident_id() -> String {
    let mut rng = fastrand::Rng::new();
    (0..8).map(|_| char::from(b"0123456789abcdef"[rng.usize(..16)])).collect()
}

/// A failure of the server itself (storage, a corrupt stored game, a
/// crashed task): the details go to the log under an incident id; the
/// answer says only that the server has a problem, with that id.
pub fn server_error(status: StatusCode, detail: impl std::fmt::Display) -> ApiError {
    let incident = incident_id();
    tracing::error!(incident = %incident, status = status.as_u16(), "{detail}");
    let e = error(
        status,
        "server_error",
        format!("the server has a problem (incident {incident}); please try again later"),
    );
    e.with(Detail::Incident { incident })
}

pub fn internal(e: impl std::fmt::Display) -> ApiError {
    server_error(StatusCode::INTERNAL_SERVER_ERROR, e)
}
