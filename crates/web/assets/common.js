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

  // The page's elements with these ids, in the same order (null for an id
  // the page lacks): const [a, b] = byIds("a", "b").
  const byIds = (...ids) => ids.map((id) => document.getElementById(id));

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

  // ---- The board: one component for every board of the site -------------
  // The play and replay pages, the analysis board, the puzzles, and the
  // lessons' and rules pages' diagrams (drawn by the server in the same
  // markup, which `fillSeeds` completes) all show the board this way: the
  // viewer's row (`bottom`) at the bottom, read left to right in sowing
  // order, the other row above it running right to left, each store on
  // its owner's right. Pits are round holes with the seeds drawn in them,
  // the letter and the count written beside.

  // The seeds in a hole, drawn as seeds: up to SEED_MAX on a sunflower
  // spiral (the same count always gives the same picture), a full heap
  // beyond that; the number is always written beside the hole.
  const SEED_MAX = 20;
  function seedHeap(count) {
    const heap = el("span", { class: "seeds", "aria-hidden": "true" });
    const n = Math.max(0, Math.min(count, SEED_MAX));
    const radius = Math.min(36, 10 * Math.sqrt(n)); // in % of the hole's width
    for (let k = 0; k < n; k++) {
      const r = n === 1 ? 0 : radius * Math.sqrt((k + 0.5) / n);
      const angle = k * 2.39996; // the golden angle
      const seed = el("i", { class: "s" + (k % 3) });
      seed.style.left = (50 + r * Math.cos(angle)).toFixed(1) + "%";
      seed.style.top = (50 + r * Math.sin(angle)).toFixed(1) + "%";
      seed.style.transform = "translate(-50%, -50%) rotate(" + Math.round((angle * 180) / Math.PI) % 360 + "deg)";
      heap.append(seed);
    }
    return heap;
  }

  // Boards drawn by the server (diagrams): their holes get their seeds.
  function fillSeeds(root) {
    (root || document).querySelectorAll(".board .hole[data-seeds]").forEach((hole) => {
      if (!hole.querySelector(".seeds")) hole.append(seedHeap(Number(hole.dataset.seeds) || 0));
    });
  }

  // A board element. `o`: n (pits a row), counts (South's a.. then North's
  // A..), captured ([South, North]), bottom ("south" or "north"), label
  // (the group's name), busy (a sowing is shown), hand (seeds in hand, or
  // null), storeWord (written under a store's count), storeLabel(side) (a
  // store's name for screen readers), pit(index, letter, side) (what a pit
  // adds: `button` true for a button, `classes`, and `attrs`, listeners
  // included).
  function board(o) {
    const n = o.n;
    const bottom = o.bottom === "north" ? "north" : "south";
    const top = bottom === "south" ? "north" : "south";
    const first = (side) => (side === "south" ? 0 : n);
    const node = el("div", { class: "board bottom-" + bottom + (o.class ? " " + o.class : ""), "data-pits": String(n),
      role: "group", "aria-label": o.label || null, "aria-busy": o.busy ? "true" : null });
    node.style.setProperty("--pits", n);
    const storeBox = (side, place) => {
      const count = o.captured[side === "south" ? 0 : 1];
      return el("div", { class: "store " + side + "-store " + place, role: "img",
        "aria-label": o.storeLabel ? o.storeLabel(side, count) : String(count), "data-store": side },
      el("span", { class: "count", "aria-hidden": "true", text: String(count) }),
      o.storeWord ? el("span", { class: "letter", "aria-hidden": "true", text: o.storeWord }) : null);
    };
    const pit = (i, side) => {
      const letter = pitLetter(i, n);
      const count = o.counts[i];
      const extra = (o.pit && o.pit(i, letter, side)) || {};
      const attrs = Object.assign({ type: extra.button ? "button" : null }, extra.attrs || {}, {
        class: ["pit", side].concat(extra.classes || []).join(" "),
        "data-pit": letter,
        "data-seeds": String(count),
      });
      return el(extra.button ? "button" : "div", attrs,
        el("span", { class: "hole" }, seedHeap(count)),
        el("span", { class: "label", "aria-hidden": "true" },
          el("span", { class: "letter", text: letter }), el("span", { class: "count", text: String(count) })));
    };
    node.append(storeBox(top, "top-store"));
    const upper = el("div", { class: "row far " + top });
    for (let i = n - 1; i >= 0; i--) upper.append(pit(first(top) + i, top));
    const lower = el("div", { class: "row near " + bottom });
    for (let i = 0; i < n; i++) lower.append(pit(first(bottom) + i, bottom));
    node.append(upper, lower, storeBox(bottom, "bottom-store"));
    if (o.hand) node.append(el("div", { class: "hand", "aria-hidden": "true", text: String(o.hand) }));
    return node;
  }

  // The pit the arrow keys lead to from `from`: the nearest that way as
  // drawn (rows, a turned board or upright columns alike); Home and End go
  // to the ends of its row. Null when there is none.
  function pitTowards(from, key) {
    const boardNode = from.closest(".board");
    if (!boardNode) return null;
    if (key === "Home" || key === "End") {
      const row = [...from.parentNode.querySelectorAll(".pit")];
      return key === "Home" ? row[0] : row[row.length - 1];
    }
    const way = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
    if (!way) return null;
    const [dx, dy] = way;
    const centre = (node) => { const r = node.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
    const [x0, y0] = centre(from);
    let best = Infinity, target = null;
    for (const pit of boardNode.querySelectorAll(".pit")) {
      if (pit === from) continue;
      const [x, y] = centre(pit);
      const along = (x - x0) * dx + (y - y0) * dy;
      const across = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
      if (along < 4) continue;
      const score = along + 2 * across;
      if (score < best) { best = score; target = pit; }
    }
    return target;
  }

  // The header's menu on narrow screens: a button that opens and closes
  // it (aria-expanded), Escape closes it and gives the focus back.
  function setUpMenu() {
    const header = document.querySelector("header.top");
    const toggle = header && header.querySelector(".menu-toggle");
    if (!toggle) return;
    const set = (open) => {
      header.classList.toggle("open", open);
      toggle.setAttribute("aria-expanded", String(open));
    };
    toggle.addEventListener("click", (event) => {
      event.preventDefault();
      set(toggle.getAttribute("aria-expanded") !== "true");
    });
    // A link with role=button: Space presses it too.
    toggle.addEventListener("keydown", (event) => {
      if (event.key === " ") { event.preventDefault(); toggle.click(); }
    });
    header.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && header.classList.contains("open")) { set(false); toggle.focus(); }
    });
  }

  // The site's own confirmation, instead of the browser's `confirm()`: a
  // modal <dialog> (the browser keeps the focus in it and Escape cancels)
  // named by its text, the safe choice focused first, the focus given back
  // where it was. Resolves to true for `ok`, false otherwise.
  function ask({ text, ok, cancel, danger = false }) {
    return new Promise((resolve) => {
      const opener = document.activeElement;
      const id = "dialog-" + Math.random().toString(36).slice(2);
      const no = el("button", { type: "button", class: "button secondary", value: "no", text: cancel });
      const yes = el("button", { type: "button", class: "button" + (danger ? " danger" : ""), value: "yes", text: ok });
      const dialog = el("dialog", { class: "dialog", "aria-labelledby": id },
        el("p", { id, text }), el("p", { class: "dialog-buttons" }, no, " ", yes));
      let answer = false;
      const close = (value) => { answer = value; dialog.close(); };
      no.addEventListener("click", () => close(false));
      yes.addEventListener("click", () => close(true));
      dialog.addEventListener("close", () => {
        dialog.remove();
        if (opener && opener.isConnected && opener.focus) opener.focus();
        resolve(answer);
      });
      document.body.append(dialog);
      dialog.showModal();
      no.focus();
    });
  }

  function ready() {
    fillSeeds();
    setUpMenu();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();

  // The sign-in form of a page that needs an account (a tournament's
  // organiser, a class's teacher): sign in, or register with the same two
  // fields. `words` holds the page's texts ({title?, lead, name, password,
  // signIn, register}); `onDone(who)` runs once signed in (who: {name});
  // `showError(error)` shows a refusal, and `showError(null)` clears it.
  function accountForm(words, onDone, showError) {
    const field = (label, input) => el("label", {}, el("span", { text: label }), input);
    const name = el("input", { name: "account", autocomplete: "username", required: true, maxlength: 20 });
    const password = el("input", { name: "password", type: "password", autocomplete: "current-password", required: true });
    async function send(path) {
      try {
        const who = await api("POST", path, { name: name.value.trim(), password: password.value });
        showError(null);
        onDone(who);
      } catch (error) { showError(error); }
    }
    return el("form", { class: "form", id: "account-form", onsubmit: (e) => { e.preventDefault(); send("/api/session"); } },
      words.title ? el("h2", { text: words.title }) : null,
      el("p", { text: words.lead }),
      field(words.name, name),
      field(words.password, password),
      el("p", {},
        el("button", { class: "button", type: "submit", text: words.signIn }), " ",
        el("button", { class: "button secondary", type: "button", text: words.register, onclick: () => send("/api/account") })));
  }

  return Object.freeze({ jsonOf, byIds, makeT, el, store, api, errorText, pitLetter, seedHeap, fillSeeds, board, pitTowards, ask, accountForm });
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
  // The player who accepts hears of the game twice, by the answer and by
  // the socket's `paired`: only the first opens it (a second navigation
  // would abort the first mid-load), as in the lobby.
  let entered = false;
  const enter = (seat) => {
    if (entered) return;
    entered = true;
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
