//! Requests from other sites' pages are refused: a request that changes
//! something (any method but GET, HEAD and OPTIONS) and every WebSocket
//! upgrade must come from this server's own pages.
//!
//! The session and guest cookies are `SameSite=Lax`, which stops other
//! *sites*, but not a page on another port of the same host (or another
//! subdomain of the same site): for the browser that is the same site, so
//! it sends the cookies, and that page could start a tournament's round or
//! accept a challenge in its visitor's name (with a `text/plain` form,
//! which needs no CORS preflight), or open the lobby's socket and read the
//! visitor's seat tokens. So the browser's own word on where a request
//! comes from is checked:
//!
//! - `Origin`, which browsers send on every cross-origin request that is
//!   not a GET or HEAD, on every same-origin POST, and on every WebSocket
//!   handshake, must be this server's: the origin of `--public-url`, or
//!   the address the request was sent to (its `Host`), so that a server
//!   reached by another name (`127.0.0.1` and `localhost`) still works. An
//!   `Origin: null` (a sandboxed frame, a `file:` page) is refused.
//! - Without `Origin`, `Sec-Fetch-Site` (sent by every current browser)
//!   must be `same-origin` or `none` (the user's own navigation).
//! - A request with neither comes from no browser (curl, a script, the
//!   load test): it carries only the authority it was given (a seat token
//!   in its body, a cookie it set itself), none borrowed from a visitor,
//!   so it is let through.

use crate::api::error;
use crate::Shared;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Whether a request with these headers may act: see the module's rules.
/// `public_url` is `--public-url` (`http://host:port`, no trailing slash).
pub fn allowed(method: &Method, headers: &HeaderMap, public_url: &str) -> bool {
    let upgrade = headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
    let safe = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    if safe && !upgrade {
        return true;
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let Ok(origin) = origin.to_str() else { return false };
        return own(origin, headers, public_url);
    }
    match headers.get("sec-fetch-site").map(|v| v.to_str().unwrap_or("")) {
        Some(site) => site == "same-origin" || site == "none",
        None => true,
    }
}

/// Whether `origin` (`scheme://host[:port]`) is this server's.
fn own(origin: &str, headers: &HeaderMap, public_url: &str) -> bool {
    if origin.eq_ignore_ascii_case(origin_of(public_url)) {
        return true;
    }
    let Some((scheme, authority)) = origin.split_once("://") else { return false };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    matches!(scheme, "http" | "https") && host.is_some_and(|h| h.eq_ignore_ascii_case(authority))
}

/// The origin of a URL: its scheme and authority, without a path.
fn origin_of(url: &str) -> &str {
    let start = url.find("://").map_or(0, |i| i + 3);
    match url[start..].find('/') {
        Some(slash) => &url[..start + slash],
        None => url,
    }
}

pub async fn middleware(State(state): State<Shared>, request: Request, next: Next) -> Response {
    if allowed(request.method(), request.headers(), &state.public_url) {
        return next.run(request).await;
    }
    error(
        StatusCode::FORBIDDEN,
        "cross_origin",
        "this request comes from another site's page (its Origin or Sec-Fetch-Site is not this \
         server's): the site's own pages must make it",
    )
    .into_response()
}
