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

// A challenge to the signed-in player shows on every page (the lobby shows
// its own): the lobby's socket tells of it, Accept takes the player to the
// game, Decline answers it. A game started for the player meanwhile (their
// own challenge accepted) takes them there too.
(function () {
  const bar = document.getElementById("challenge-bar");
  if (!bar || location.pathname === "/lobby") return;
  const { el, store, api } = mancala;
  const texts = mancala.jsonOf("challenge-i18n") || {};
  const t = mancala.makeT(texts);
  const me = (document.querySelector("header [data-account]") || {}).dataset || {};
  const challenges = new Map();
  const enter = (seat) => {
    store.set("mancala.seat." + seat.id, { token: seat.token, side: seat.side });
    location.href = "/g/" + seat.id;
  };
  const timing = (c) => c.clock_seconds ? Math.round(c.clock_seconds / 60) + "+" + (c.increment_seconds || 0)
    : c.days_per_move ? (c.days_per_move === 1 ? t("lobby.day-1") : t("lobby.days-n", { n: c.days_per_move }))
    : t("lobby.untimed");
  async function answer(id, what) {
    try {
      const seat = await api("POST", "/api/challenges/" + id + "/" + what, {});
      challenges.delete(id);
      render();
      if (seat && seat.id) enter(seat);
    } catch (e) { challenges.delete(id); render(); }
  }
  function render() {
    bar.replaceChildren(...[...challenges.values()].map((c) => el("p", { class: "challenge", "data-id": c.id },
      el("span", { text: t("lobby.challenge-from", { name: c.from }) + ": " + ((texts.games || {})[c.game] || c.game) + " · "
        + timing(c) + " · " + (c.rated ? t("lobby.rated-short") : t("lobby.casual")) }), " ",
      el("button", { type: "button", class: "button", onclick: () => answer(c.id, "accept"), text: t("lobby.accept") }), " ",
      el("button", { type: "button", class: "button secondary", onclick: () => answer(c.id, "decline"), text: t("lobby.decline") }))));
    bar.hidden = challenges.size === 0;
  }
  let retries = 0;
  function connect() {
    const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/lobby/ws");
    socket.onopen = () => { retries = 0; };
    socket.onmessage = (event) => {
      let m;
      try { m = JSON.parse(event.data); } catch (e) { return; }
      if (m.type === "lobby") {
        challenges.clear();
        for (const c of m.challenges || []) if (c.to === me.account) challenges.set(c.id, c);
      } else if (m.type === "challenge" && m.challenge.to === me.account) {
        challenges.set(m.challenge.id, m.challenge);
      } else if (m.type === "challenge_gone") {
        challenges.delete(m.id);
      } else if (m.type === "paired" && m.id && !/^\/g\//.test(location.pathname)) {
        enter(m);
        return;
      } else {
        return;
      }
      render();
    };
    socket.onclose = () => { setTimeout(connect, Math.min(8000, 500 * 2 ** retries++)); };
  }
  connect();
})();
