// The helpers every page script uses, written once: every page loads this
// file first (in the head, deferred, so it runs before the page scripts,
// which are deferred too and run in document order). It defines one global,
// `mancala`; each page script takes what it needs from it. No rules and no
// page logic here. User text is set with textContent, never as HTML.
"use strict";

const mancala = (function () {
  // The JSON in a page's data element (`<script type="application/json">`),
  // or null when the page has no such element.
  function jsonOf(id) {
    const node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }

  // A text lookup over one page's texts: t("key", { n: 3 }) fills the
  // holes ({n}); a missing key shows as itself. t.has(key) says whether
  // the page has that text. Each page gets its texts from its own place
  // (the i18n element, its data's `words` or `texts`), hence a factory.
  function makeT(texts) {
    const words = texts || {};
    function t(key, args) {
      let text = words[key] || key;
      for (const [k, v] of Object.entries(args || {})) text = text.split("{" + k + "}").join(String(v));
      return text;
    }
    t.has = (key) => Boolean(words[key]);
    return t;
  }

  // An element: el("button", { class: "button", text: "Go", onclick: f }, child, ...).
  // `text` sets textContent, `on...` adds a listener, true is an empty
  // attribute; null, undefined and false leave an attribute or a child out.
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
    return node;
  }

  // localStorage as JSON, quiet where storage is refused (private mode):
  // get answers null there, set does nothing. A value that is not JSON
  // comes back as its text.
  const store = {
    get(key) {
      let raw = null;
      try { raw = localStorage.getItem(key); } catch (e) { return null; }
      try { return JSON.parse(raw); } catch (e) { return raw; }
    },
    set(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ } },
  };

  // A request to the server's API, with a JSON body when one is given.
  // Answers the JSON; on an error status it throws the answer's error
  // object ({code, message, ...}; {code: "other", message: the status
  // text} when the answer has none) with the HTTP status added as `status`.
  async function api(method, path, body) {
    const response = await fetch(path, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    if (!response.ok) {
      const error = (data && data.error) || { code: "other", message: response.statusText };
      if (typeof error === "object") error.status = response.status;
      throw error;
    }
    return data;
  }

  // An error's text: the page's own text for its code ("err.CODE") when it
  // has one, else "err.other" with the error's message.
  function errorText(t, error) {
    const code = error && error.code;
    if (code && t.has("err." + code)) return t("err." + code);
    return t("err.other", { message: (error && error.message) || String(error) });
  }

  // A pit's letter on a board of n pits a row: South a, b, c..., North A, B, C...
  const pitLetter = (i, n) => (i < n ? String.fromCharCode(97 + i) : String.fromCharCode(65 + i - n));

  return Object.freeze({ jsonOf, makeT, el, store, api, errorText, pitLetter });
})();
