//! What the load-test examples share.

use serde_json::Value;

/// The text of an HTTP/1.1 request to `host`: `headers` (whole lines, each
/// ending in CRLF) follow the Host line, and a POST carries `body` as JSON.
pub fn request_text(
    method: &str,
    path: &str,
    host: &str,
    headers: &str,
    body: Option<&Value>,
) -> String {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\n{headers}");
    if method == "POST" {
        request.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    request.push_str("\r\n");
    request.push_str(&body);
    request
}
