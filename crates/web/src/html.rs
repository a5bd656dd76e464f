//! HTML: every page and fragment the server writes is built with maud's
//! [`html!`], which escapes whatever text it splices in (`(expr)`) unless
//! that text is already [`Markup`]. Nothing is escaped by hand, so nothing
//! can be forgotten; the only text let through unescaped is JSON inside a
//! `<script>` element ([`script_json`]), which cannot close the element.

pub use maud::{html, Markup, PreEscaped, Render, DOCTYPE};

/// Text that people typed (players' and pupils' names, titles), spliced
/// like any text and escaped one step further than maud's default: `'` too
/// (`&#39;`), so the text is inert even if it ever lands in an attribute
/// quoted with `'`.
pub struct Text<'a>(pub &'a str);

impl Render for Text<'_> {
    fn render_to(&self, out: &mut String) {
        for c in self.0.chars() {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '"' => out.push_str("&quot;"),
                '\'' => out.push_str("&#39;"),
                _ => out.push(c),
            }
        }
    }
}

/// JSON placed inside a `<script>` element, as markup: `<`, `>` and `&` are
/// written as JSON escapes, so no text can close the element.
pub fn script_json(json: &str) -> Markup {
    PreEscaped(json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026"))
}
