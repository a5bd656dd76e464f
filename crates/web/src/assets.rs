//! The scripts and the stylesheet, embedded in the binary. Pages link them
//! under names that carry a hash of their content (`/assets/app.HASH.js`),
//! so a browser may keep them for a year without asking again (a new build
//! with other content has other names); the plain names (`/assets/app.js`)
//! still work and are revalidated with their ETag (304 when unchanged).
//! Each is gzipped once, on first use, for clients that accept gzip: the
//! script shrinks to about a quarter. Only these files are compressed: pages
//! and API answers are small and made per request.

use crate::Shared;
use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::io::Write;
use std::sync::OnceLock;

/// One embedded file.
pub struct Asset {
    /// The name before the hash: `app`.
    stem: &'static str,
    /// The extension: `js`.
    ext: &'static str,
    content_type: &'static str,
    body: &'static [u8],
    /// FNV-1a of the body, computed at compile time.
    hash: u64,
    gzipped: OnceLock<Vec<u8>>,
}

/// FNV-1a, 64 bits: a name that changes when the content does (not a
/// security measure, so a short non-cryptographic hash is enough).
const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    hash
}

impl Asset {
    pub const fn new(
        stem: &'static str,
        ext: &'static str,
        content_type: &'static str,
        body: &'static [u8],
    ) -> Asset {
        Asset { stem, ext, content_type, body, hash: fnv1a(body), gzipped: OnceLock::new() }
    }

    /// A script (`.js`): a page's or a feature's.
    pub const fn script(stem: &'static str, body: &'static [u8]) -> Asset {
        Asset::new(stem, "js", "text/javascript; charset=utf-8", body)
    }

    /// The versioned path pages link to: `/assets/app.0123456789abcdef.js`.
    pub fn path(&self) -> String {
        format!("/assets/{}.{:016x}.{}", self.stem, self.hash, self.ext)
    }

    fn gzipped(&self) -> &[u8] {
        self.gzipped.get_or_init(|| {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            // Writing to a Vec cannot fail.
            let _ = encoder.write_all(self.body);
            encoder.finish().unwrap_or_default()
        })
    }
}

/// The helpers every page script uses (`el`, `store`, `api`, a text
/// lookup...): every page loads it first, in its head.
pub static COMMON: Asset = Asset::script("common", include_bytes!("../assets/common.js"));
pub static APP: Asset = Asset::script("app", include_bytes!("../assets/app.js"));
pub static STYLE: Asset =
    Asset::new("style", "css", "text/css; charset=utf-8", include_bytes!("../assets/style.css"));

/// The site's icon: a board of two rows of pits with seeds, drawn for any
/// size (SVG), and the same at 16, 32 and 48 px in an ICO for
/// `/favicon.ico`, which browsers ask for when a page names no icon (and
/// some even when it does). Made with a short script from the SVG's shapes.
pub static FAVICON: Asset =
    Asset::new("favicon", "svg", "image/svg+xml", include_bytes!("../assets/favicon.svg"));
pub static FAVICON_ICO: Asset =
    Asset::new("favicon", "ico", "image/x-icon", include_bytes!("../assets/favicon.ico"));

/// The core's files, which every page may use.
const CORE: [&Asset; 5] = [&COMMON, &APP, &STYLE, &FAVICON, &FAVICON_ICO];

/// `/assets/...`: the core's files and `features'` (their page scripts).
pub fn routes(features: &'static [&'static Asset]) -> Router<Shared> {
    let answer = move |Path(file): Path<String>, headers: HeaderMap| async move {
        serve(CORE.iter().chain(features), &file, &headers)
    };
    Router::new().route("/assets/{file}", get(answer)).route(
        "/favicon.ico",
        get(|headers: HeaderMap| async move { respond(&FAVICON_ICO, false, &headers) }),
    )
}

/// Whether `Accept-Encoding` accepts gzip (by name or `*`, with q above 0).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|part| {
            let mut fields = part.split(';').map(str::trim);
            let coding = fields.next().unwrap_or("").to_ascii_lowercase();
            let refused = fields.any(|f| {
                f.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()).is_some_and(|q| q <= 0.0)
            });
            (coding == "gzip" || coding == "*") && !refused
        })
}

/// Whether `If-None-Match` names `etag` (weak comparison) or is `*`.
fn not_modified(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
}

fn serve<'a>(
    assets: impl Iterator<Item = &'a &'static Asset>,
    file: &str,
    headers: &HeaderMap,
) -> Response {
    for &asset in assets {
        let plain = format!("{}.{}", asset.stem, asset.ext);
        let versioned = file
            .strip_prefix(asset.stem)
            .and_then(|rest| rest.strip_prefix('.'))
            .and_then(|rest| rest.strip_suffix(asset.ext))
            .and_then(|rest| rest.strip_suffix('.'))
            .filter(|hash| hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()));
        if file == plain || versioned.is_some() {
            // A page of an older build may ask for an older hash: it gets
            // today's file, but not for keeps.
            let current = versioned == Some(format!("{:016x}", asset.hash).as_str());
            return respond(asset, current, headers);
        }
    }
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "no such asset\n",
    )
        .into_response()
}

fn respond(asset: &'static Asset, immutable: bool, headers: &HeaderMap) -> Response {
    let gzip = accepts_gzip(headers);
    // Each encoding is its own representation, with its own tag.
    let etag = format!("\"{:016x}{}\"", asset.hash, if gzip { "-gzip" } else { "" });
    let cache = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
    let mut response = if not_modified(headers, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else if gzip {
        let mut response = asset.gzipped().into_response();
        response.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        response
    } else {
        asset.body.into_response()
    };
    let ok = response.status() == StatusCode::OK;
    let h = response.headers_mut();
    if ok {
        h.insert(header::CONTENT_TYPE, HeaderValue::from_static(asset.content_type));
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, value);
    }
    response
}
