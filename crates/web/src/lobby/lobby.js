// The lobby page (/lobby): open games, quick pairing and challenges, kept
// live over the lobby's WebSocket; every action is an HTTP request. When a
// game starts for this browser, its seat is kept as app.js keeps seats
// (localStorage "mancala.seat.ID") and the game opens. Also the home page's
// list of games waiting for this browser's move.
// Every piece of user text is set with textContent, never as HTML.
"use strict";

(function () {
  const { el, store, api } = mancala;
  const page = mancala.jsonOf("page-data") || {};
  const t = mancala.makeT(mancala.jsonOf("i18n"));
  const errorText = (error) => mancala.errorText(t, error);
  const lang = document.documentElement.lang || "en";

  function dateText(ms) {
    return new Date(ms).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
  }
  // "5+3", "3 days per move", "No clock".
  function timingText(x) {
    if (x.clock_seconds) return Math.round(x.clock_seconds / 60) + "+" + (x.increment_seconds || 0);
    if (x.days_per_move) return x.days_per_move === 1 ? t("lobby.day-1") : t("lobby.days-n", { n: x.days_per_move });
    return t("lobby.untimed");
  }
  function gameName(id) {
    const option = document.querySelector("select[name=game] option[value='" + id + "']");
    return option ? option.textContent : id;
  }
  // The time control of a form, as the API takes it.
  function timingOf(form) {
    const kind = form.elements.timing.value;
    if (kind === "clock") {
      return {
        clock_seconds: Math.round(Number(form.elements.minutes.value) * 60),
        increment_seconds: Math.round(Number(form.elements.increment.value)),
      };
    }
    if (kind === "days") return { days_per_move: Number(form.elements.days.value) };
    return {};
  }
  function showTiming(form) {
    const update = () => form.querySelectorAll("[data-timing]").forEach((n) => {
      n.hidden = n.dataset.timing !== form.elements.timing.value;
    });
    form.querySelectorAll("input[name=timing]").forEach((r) => r.addEventListener("change", update));
    update();
  }
  // Opens a game this browser has a seat in. The player who takes a seek,
  // accepts a challenge or is paired at once hears of the game twice, by the
  // request's answer and by the lobby socket; only the first opens it (a
  // second navigation would abort the first one mid-load).
  let entered = false;
  function enter(seat) {
    if (entered) return;
    entered = true;
    store.set("mancala.seat." + seat.id, { token: seat.token, side: seat.side });
    location.href = "/g/" + seat.id;
  }

  if (page.page === "lobby") lobbyPage();
  if (page.page === "home") homePage();

  function lobbyPage() {
    const [status, seeksEl, emptyEl, challengesEl, quickStatus, quickStop] = mancala.byIds(
      "lobby-status", "seeks", "seeks-empty", "challenges", "quick-status", "quick-stop");
    const seeks = new Map();
    const challenges = new Map();
    let you = null;
    let leaving = false;
    const say = (text) => { status.textContent = text; status.hidden = !text; };

    function seekText(s) {
      const parts = [s.name + (s.rating !== null && s.rating !== undefined ? " (" + s.rating + ")" : ""),
        gameName(s.game), timingText(s), s.rated ? t("lobby.rated-short") : t("lobby.casual")];
      if (s.rating_min !== null && s.rating_min !== undefined) parts.push(t("lobby.range-short", { min: s.rating_min, max: s.rating_max }));
      parts.push(t("lobby.side-" + s.colour));
      return parts.join(" · ");
    }
    function renderSeeks() {
      seeksEl.replaceChildren();
      for (const s of seeks.values()) {
        const mine = s.owner === you;
        const button = mine
          ? el("button", { type: "button", class: "button secondary", onclick: () => cancel(s.id), text: t("lobby.cancel") })
          : el("button", { type: "button", class: "button", "data-seek": s.id, onclick: () => take(s.id), text: t("lobby.take") });
        seeksEl.append(el("li", { class: mine ? "mine" : null, "data-id": s.id },
          el("span", { text: seekText(s) + (mine ? " · " + t("lobby.yours") : "") }), " ", button));
      }
      emptyEl.hidden = seeks.size > 0;
    }
    function renderChallenges() {
      challengesEl.replaceChildren();
      for (const c of challenges.values()) {
        const incoming = c.to === page.signed_in;
        const terms = gameName(c.game) + " · " + timingText(c) + " · " + (c.rated ? t("lobby.rated-short") : t("lobby.casual"));
        const buttons = incoming
          ? [el("button", { type: "button", class: "button", onclick: () => answer(c.id, "accept"), text: t("lobby.accept") }), " ",
            el("button", { type: "button", class: "button secondary", onclick: () => answer(c.id, "decline"), text: t("lobby.decline") })]
          : [el("button", { type: "button", class: "button secondary", onclick: () => withdraw(c.id), text: t("lobby.withdraw") })];
        challengesEl.append(el("li", { "data-id": c.id },
          el("span", { text: (incoming ? t("lobby.challenge-from", { name: c.from }) : t("lobby.challenge-to", { name: c.to })) + ": " + terms }),
          " ", ...buttons));
      }
      document.getElementById("challenges-section").hidden = challenges.size === 0;
    }
    // Quick pairing's rated choice (accounts only): the counts shown are
    // those of the pools the buttons would join.
    const quickRated = document.getElementById("quick-rated");
    let lastCounts = {};
    function renderCounts(counts) {
      lastCounts = counts;
      const suffix = quickRated && quickRated.checked ? " rated" : "";
      document.querySelectorAll("[data-pool]").forEach((n) => {
        const count = counts[n.dataset.pool + suffix] || 0;
        n.textContent = count ? " (" + t("lobby.waiting-count", { n: count }) + ")" : "";
      });
    }
    // One seek or challenge added to (put) or taken from (drop) its list,
    // which is then drawn again.
    function put(list, item, render) { list.set(item.id, item); render(); }
    function drop(list, id, render) { list.delete(id); render(); }

    function connect() {
      const scheme = location.protocol === "https:" ? "wss://" : "ws://";
      const socket = new WebSocket(scheme + location.host + "/api/lobby/ws");
      socket.addEventListener("message", (event) => {
        let m;
        try { m = JSON.parse(event.data); } catch (e) { return; }
        if (m.type === "lobby") {
          say("");
          if (m.seeks) {
            you = m.you;
            seeks.clear();
            for (const s of m.seeks) seeks.set(s.id, s);
            challenges.clear();
            for (const c of m.challenges || []) challenges.set(c.id, c);
            renderCounts(m.quick || {});
            renderSeeks();
            renderChallenges();
          } else {
            refresh();
          }
        } else if (m.type === "seek") {
          put(seeks, m.seek, renderSeeks);
        } else if (m.type === "gone") {
          drop(seeks, m.id, renderSeeks);
        } else if (m.type === "quick") {
          renderCounts(m.quick);
        } else if (m.type === "challenge") {
          put(challenges, m.challenge, renderChallenges);
        } else if (m.type === "challenge_gone") {
          drop(challenges, m.id, renderChallenges);
          if (m.why === "declined") say(t("lobby.declined"));
          if (m.why === "withdrawn") say(t("lobby.withdrawn"));
        } else if (m.type === "paired") {
          leaving = true;
          say(t("lobby.paired", { name: m.opponent }));
          enter(m);
        } else if (m.type === "pairing_failed") {
          say(t("lobby.failed"));
        }
      });
      socket.addEventListener("close", () => {
        if (leaving) return;
        say(t("lobby.offline"));
        setTimeout(connect, 2000);
      });
    }
    async function refresh() {
      try {
        const all = await api("GET", "/api/lobby");
        you = all.you;
        seeks.clear();
        for (const s of all.seeks) seeks.set(s.id, s);
        renderSeeks();
      } catch (e) { /* the socket brings it next time */ }
    }

    async function take(id) {
      try {
        const seat = await api("POST", "/api/seeks/" + id + "/accept", { name: guestName() });
        leaving = true;
        enter(seat);
      } catch (error) { say(errorText(error)); }
    }
    async function cancel(id) {
      try { await api("DELETE", "/api/seeks/" + id); } catch (error) { say(errorText(error)); }
    }
    async function answer(id, what) {
      try {
        const seat = await api("POST", "/api/challenges/" + id + "/" + what, {});
        challenges.delete(id);
        renderChallenges();
        if (seat) { leaving = true; enter(seat); }
      } catch (error) { say(errorText(error)); }
    }
    async function withdraw(id) {
      try {
        await api("DELETE", "/api/challenges/" + id);
        challenges.delete(id);
        renderChallenges();
      } catch (error) { say(errorText(error)); }
    }

    const seekForm = document.getElementById("seek-form");
    const nameInput = seekForm.elements.name;
    if (nameInput) nameInput.value = store.get("mancala.name") || "";
    const guestName = () => (nameInput ? nameInput.value.trim() || undefined : undefined);
    showTiming(seekForm);
    seekForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const errorEl = seekForm.querySelector(".error");
      errorEl.hidden = true;
      if (nameInput) store.set("mancala.name", nameInput.value.trim());
      const body = Object.assign({
        game: seekForm.elements.game.value,
        rated: seekForm.elements.rated.checked,
        colour: seekForm.elements.colour.value,
        name: guestName(),
      }, timingOf(seekForm));
      const min = seekForm.elements.rating_min.value;
      const max = seekForm.elements.rating_max.value;
      if (min !== "") body.rating_min = Number(min);
      if (max !== "") body.rating_max = Number(max);
      try {
        const seek = await api("POST", "/api/seeks", body);
        seeks.set(seek.id, seek);
        renderSeeks();
        say(t("lobby.posted"));
      } catch (error) {
        errorEl.textContent = errorText(error);
        errorEl.hidden = false;
      }
    });

    document.querySelectorAll("button.quick").forEach((button) => button.addEventListener("click", async () => {
      const setting = button.firstChild.textContent.trim();
      try {
        const answer = await api("POST", "/api/lobby/quick", {
          game: button.dataset.game,
          clock_seconds: Number(button.dataset.clock),
          increment_seconds: Number(button.dataset.increment),
          rated: Boolean(quickRated && quickRated.checked),
          name: guestName(),
        });
        if (answer.paired) { leaving = true; enter(answer.paired); return; }
        quickStatus.textContent = t("lobby.quick-waiting", { setting });
        quickStop.hidden = false;
      } catch (error) { quickStatus.textContent = errorText(error); }
    }));
    if (quickRated) quickRated.addEventListener("change", () => renderCounts(lastCounts));
    quickStop.addEventListener("click", async () => {
      try { await api("DELETE", "/api/lobby/quick"); } catch (e) { /* it ends with the page anyway */ }
      quickStatus.textContent = "";
      quickStop.hidden = true;
    });

    const challengeForm = document.getElementById("challenge-form");
    if (challengeForm) {
      showTiming(challengeForm);
      challengeForm.addEventListener("submit", async (event) => {
        event.preventDefault();
        const errorEl = challengeForm.querySelector(".error");
        errorEl.hidden = true;
        const name = challengeForm.elements.opponent.value.trim();
        const body = Object.assign({
          name,
          game: challengeForm.elements.game.value,
          rated: challengeForm.elements.rated.checked,
          colour: challengeForm.elements.colour.value,
        }, timingOf(challengeForm));
        try {
          const challenge = await api("POST", "/api/challenges", body);
          challenges.set(challenge.id, challenge);
          renderChallenges();
          say(t("lobby.challenge-sent", { name: challenge.to }));
        } catch (error) {
          errorEl.textContent = errorText(error);
          errorEl.hidden = false;
        }
      });
    }
    connect();
  }

  // The home page: the games this browser holds a seat in whose move it is.
  async function homePage() {
    const section = document.getElementById("waiting");
    if (!section) return;
    const seats = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (!key || !key.startsWith("mancala.seat.")) continue;
        const seat = store.get(key);
        if (seat && seat.token && seat.side !== "both") seats.push({ id: key.slice("mancala.seat.".length), token: seat.token });
      }
    } catch (e) { return; }
    if (!seats.length) return;
    let games;
    try { games = await api("POST", "/api/waiting", { seats: seats.slice(-200) }); } catch (e) { return; }
    const list = section.querySelector("ul");
    list.replaceChildren();
    for (const g of games) {
      const text = t("home.waiting-game", { game: g.name, opponent: g.opponent });
      const item = el("li", {}, el("a", { href: "/g/" + g.id, text }));
      if (g.deadline) item.append(" · ", el("span", { text: t("home.deadline", { date: dateText(g.deadline) }) }));
      list.append(item);
    }
    section.hidden = games.length === 0;
  }
})();
