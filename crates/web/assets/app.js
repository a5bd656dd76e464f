// The browser side: no rules here. The server sends the state (board, legal
// moves, whose turn) and each move's report (its events, seed by seed); this
// file draws them, animates the sowing and sends the player's choices.
// Every piece of user text is set with textContent, never as HTML.
"use strict";

(function () {
  const { el, store, api } = mancala;
  const page = mancala.jsonOf("page-data") || { page: "static" };
  const T = mancala.jsonOf("i18n") || {};
  const t = mancala.makeT(T);
  const lang = document.documentElement.lang || "en";

  function errorText(error) {
    const code = error && error.code;
    if (code === "illegal_move") return t("err.illegal_move", { legal: (error.legal || []).join(" ") });
    if (code === "bad_record") return t("err.bad_record", { message: error.message });
    if (code === "too_early") return t("err.too_early", { seconds: error.seconds_left });
    if (code === "waiting_for_opponent") return t("play.waiting-friend");
    return mancala.errorText(t, error);
  }
  const sideName = (side) => t("side." + side);

  // "1 seed", "2 seeds": the language's own plural rules pick the form.
  const plurals = (() => { try { return new Intl.PluralRules(lang); } catch (e) { return null; } })();
  const seedsText = (n) => t(plurals && plurals.select(n) === "one" ? "seeds.one" : "seeds.other", { n });

  // The language switch is remembered by the server's cookie; keep it here too.
  document.querySelectorAll(".langs a").forEach((a) =>
    a.addEventListener("click", () => store.set("mancala.lang", a.getAttribute("hreflang"))));

  // Variant tabs on a game's page switch without reloading.
  document.querySelectorAll(".tabs [role=tab]").forEach((tab) => {
    tab.addEventListener("click", (event) => {
      event.preventDefault();
      document.querySelectorAll(".tabs [role=tab]").forEach((other) => {
        const selected = other === tab;
        other.setAttribute("aria-selected", String(selected));
        const panel = document.getElementById(other.getAttribute("aria-controls"));
        if (panel) panel.hidden = !selected;
      });
      history.replaceState(null, "", tab.getAttribute("href"));
    });
  });

  if (page.page === "new") newGamePage();
  if (page.page === "play") playPage(false);
  if (page.page === "replay") playPage(true);
  if (page.page === "finished") finishedPage();
  if (page.page === "account") accountPage();
  // The signed-in player's name, from the page's header (none: a guest).
  function signedIn() {
    const link = document.querySelector("header [data-account]");
    return link ? link.dataset.account : null;
  }

  // The account page: each form goes to the API; a success reloads the
  // page (the header then shows who is signed in) or says so.
  function accountPage() {
    const send = (id, method, path, body, done) => {
      const form = document.getElementById(id);
      if (!form) return;
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const errorEl = form.querySelector(".error");
        errorEl.hidden = true;
        const button = form.querySelector("button[type=submit]");
        button.disabled = true;
        try {
          await api(method, path, body(form.elements));
          done(form);
        } catch (error) {
          errorEl.textContent = errorText(error);
          errorEl.hidden = false;
        } finally {
          button.disabled = false;
        }
      });
    };
    const reload = () => location.reload();
    // After signing in or registering: back where the player came from
    // (`?next=/path`, or the page that linked here on this site), else home.
    const back = () => {
      const next = new URLSearchParams(location.search).get("next");
      let target = "/";
      // Only a path on this site: "/\\evil.example" and "//evil.example" are
      // other sites to the browser, so the resolved origin must be ours.
      let here = null;
      try {
        const url = next && next.startsWith("/") ? new URL(next, location.origin) : null;
        if (url && url.origin === location.origin) here = url.pathname + url.search + url.hash;
      } catch (e) { /* not a URL: ignored */ }
      if (here) {
        target = here;
      } else if (document.referrer) {
        try {
          const from = new URL(document.referrer);
          if (from.origin === location.origin && from.pathname !== "/account") target = from.pathname + from.search;
        } catch (e) { /* not a URL: home */ }
      }
      location.href = target;
    };
    const credentials = (f) => ({ name: f.name.value.trim(), password: f.password.value });
    send("sign-in", "POST", "/api/session", credentials, back);
    send("register", "POST", "/api/account", credentials, back);
    send("sign-out", "DELETE", "/api/session", () => null, reload);
    send("change-password", "POST", "/api/account/password", (f) => ({ old: f.old.value, new: f.new.value }), (form) => {
      form.reset();
      form.querySelector(".done").hidden = false;
    });
    send("delete-account", "DELETE", "/api/account", (f) => ({ password: f.password.value }), () => { location.href = "/"; });
  }

  function newGamePage() {
    const form = document.getElementById("new-game");
    // Signed in, there is no name field: the account's name is used.
    const name = form.elements.name || null;
    if (name) name.value = store.get("mancala.name") || "";
    const matchText = form.querySelector("[data-match-text]");
    const matchTemplate = T["new.match"] || "";
    const update = () => {
      const mode = form.elements.mode.value;
      form.querySelectorAll("[data-for]").forEach((n) => { n.hidden = n.dataset.for !== mode; });
      const timed = form.elements.timed.checked;
      form.querySelectorAll("[data-timed]").forEach((n) => { n.hidden = !timed; });
      // Match play only in the games that have it (Barbados: first to six).
      const option = form.elements.game.selectedOptions[0];
      const firstTo = option && option.dataset.match;
      form.querySelectorAll("[data-match]").forEach((n) => { n.hidden = !firstTo; });
      if (firstTo) matchText.textContent = matchTemplate.split("{n}").join(firstTo);
      else form.elements.match.checked = false;
    };
    form.querySelectorAll("input[name=mode]").forEach((r) => r.addEventListener("change", update));
    form.elements.timed.addEventListener("change", update);
    form.elements.game.addEventListener("change", update);
    update();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const errorEl = form.querySelector(".error");
      errorEl.hidden = true;
      if (name) store.set("mancala.name", name.value.trim());
      const body = {
        game: form.elements.game.value,
        mode: form.elements.mode.value,
        level: Number(form.elements.level.value),
        name: name ? name.value : "",
        opponent: form.elements.opponent.value,
        side: form.elements.side.value,
      };
      if (form.elements.timed.checked) {
        body.clock_seconds = Math.round(Number(form.elements.minutes.value) * 60);
        body.increment_seconds = Math.round(Number(form.elements.increment.value));
      }
      if (form.elements.match.checked) body.match = true;
      // Correspondence (online only): days per move instead of a clock.
      if (body.mode === "online" && form.elements.days.value) body.days_per_move = Number(form.elements.days.value);
      if (form.elements.rated && form.elements.rated.checked && body.mode === "online") body.rated = true;
      try {
        const created = await api("POST", "/api/games", body);
        store.set("mancala.seat." + created.id, { token: created.token, side: created.side, invite_url: created.invite_url });
        location.href = "/g/" + created.id;
      } catch (error) {
        errorEl.textContent = errorText(error);
        errorEl.hidden = false;
      }
    });
  }

  function finishedPage() {
    // Dates in the reader's own time zone and language.
    document.querySelectorAll("table.games time[datetime]").forEach((node) => {
      const date = new Date(node.getAttribute("datetime"));
      if (!Number.isNaN(date.getTime())) node.textContent = date.toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
    });
    const form = document.getElementById("upload");
    form.elements.file.addEventListener("change", async () => {
      const file = form.elements.file.files[0];
      if (file && file.size < 64 * 1024) form.elements.record.value = await file.text();
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const errorEl = form.querySelector(".error");
      errorEl.hidden = true;
      try {
        const game = await api("POST", "/api/records", { record: form.elements.record.value });
        store.set("mancala.seat." + game.id, { token: game.token, side: "both" });
        location.href = (game.state.over ? "/replay/" : "/g/") + game.id;
      } catch (error) {
        errorEl.textContent = errorText(error);
        errorEl.hidden = false;
      }
    });
  }

  // The play and replay pages.
  function playPage(replay) {
    const root = document.getElementById("game");
    const id = page.id;
    const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    let seat = store.get("mancala.seat." + id);
    let state = null;
    let shown = null; // what the board shows now: {board, captured}
    let queue = [];
    let animating = false;
    let highlight = { from: null, captured: [], last: null };
    let message = null; // the error or notice line
    let notice = null; // a calm line (a used invitation: watching)
    let offerDeclined = false;
    let plies = null; // replay
    let ply = 0;
    // Looking back during a game: the ply shown (null: the game itself),
    // every position so far (`past`, from the replay API), and whether a move came
    // meanwhile (the game goes on underneath).
    let viewing = null;
    let past = null;
    let missed = false;
    let offerRefused = false; // our offer was declined (told until the next move)
    let leaving = false; // a spectator on the way to the next game
    const heading = document.querySelector("h1.game-title");
    const siteName = document.title.includes(" · ") ? document.title.slice(document.title.lastIndexOf(" · ") + 3) : "";
    let review = null; // replay: the computer's review, once it has come
    let reviewError = null;
    let hint = null; // {move, value, plies}: the hint for the position after `plies` moves
    let hintWaiting = false;
    // When each state arrived: clocks and the claim countdown run from then,
    // by this browser's own clock, from the remaining times the server sent.
    const arrived = new WeakMap();
    const since = (s) => {
      if (!arrived.has(s)) arrived.set(s, performance.now());
      return performance.now() - arrived.get(s);
    };
    let speed = store.get("mancala.speed");
    if (typeof speed !== "number") speed = 2;
    let skip = false; // the sowing shown now jumps to its end
    let wake = null; // ends the current pause of the animation at once
    let sending = null; // the letter of our move on its way to the server
    let sends = 0; // moves sent so far, so a late answer clears only its own
    let cursor = null; // the pit that holds the board's place in the Tab order
    // Whoever has no seat of their own (spectators, one screen) may turn the
    // board; the choice is remembered for the game.
    let flipped = store.get("mancala.flip." + id) === true;

    const letters = (n) => {
      const south = [], north = [];
      for (let i = 0; i < n; i++) { south.push(String.fromCharCode(97 + i)); north.push(String.fromCharCode(65 + i)); }
      return south.concat(north);
    };
    const mySeats = () => {
      if (!seat || !state) return [];
      const s = [];
      for (const side of ["south", "north"]) {
        if (seat.side === side || seat.side === "both" || (state.mode === "local" && seat.token)) s.push(side);
      }
      return s;
    };
    const isPlayer = () => mySeats().length > 0;
    // Whether we are to move in the game itself, and whether the board
    // takes our move now (not while looking back at an earlier position).
    const ourTurn = () => state && !state.over && mySeats().includes(state.to_move);
    const myTurn = () => viewing === null && ourTurn();
    // An online game waits for the invited friend (or, for a rematch, the
    // other player) before anyone moves: the server says so.
    const waitingForOpponent = () => !!state && !state.over && state.waiting_for_opponent === true;
    // Whether a pit may be chosen now: never blocked by an animation.
    const canMove = () => !replay && myTurn() && !waitingForOpponent() && !sending;
    // The one side this browser plays, if it plays exactly one.
    const ownSide = () => {
      const seats = mySeats();
      return state && state.mode !== "local" && seats.length === 1 ? seats[0] : null;
    };
    // The side whose row is drawn at the bottom: the player's own, else the
    // remembered choice of the flip button.
    const fixedBottom = () => (seat && (seat.side === "south" || seat.side === "north") ? seat.side : null);
    const bottomSide = () => fixedBottom() || (flipped ? "north" : "south");

    // The sowing's pace by speed (0 slowest, 4 no animation): the time a
    // seed takes, the pause where a lap starts (so that a relay's laps can
    // be told apart), and the most a whole move may take. The default (2)
    // keeps a move and its reply within about 3 s, Anywoli's long relays
    // included (they once took 5 to 22 s at the default).
    const PACE = [
      { seed: 600, lap: 500, move: 6000 },
      { seed: 350, lap: 300, move: 3000 },
      { seed: 180, lap: 220, move: 1300 },
      { seed: 90, lap: 110, move: 650 },
      { seed: 0, lap: 0, move: 0 },
    ];
    function pace() { return reduced || skip ? PACE[4] : PACE[speed] || PACE[2]; }
    function delay() { return pace().move; }
    const sleep = (ms) => new Promise((resolve) => {
      const timer = setTimeout(() => { wake = null; resolve(); }, ms);
      wake = () => { clearTimeout(timer); wake = null; resolve(); };
    });
    function skipAnimation() {
      if (!animating) return;
      skip = true;
      if (wake) wake();
    }
    // The live region: the opponent's moves and other news, read aloud. It
    // lives outside #game, which is redrawn, so that it is not replaced.
    const live = el("p", { id: "announce", class: "visually-hidden", "aria-live": "polite", "aria-atomic": "true" });
    root.after(live);
    // What happens at once (a move that ends the game) is said together.
    let said = [];
    function announce(text) {
      if (!text) return;
      if (!said.length) queueMicrotask(() => { live.textContent = said.join(" "); said = []; });
      said.push(text);
    }

    async function start() {
      const params = new URLSearchParams(location.search);
      const invite = params.get("invite");
      if (!seat && !replay && !invite && signedIn()) {
        // Our account's seat, taken on another device.
        try {
          const mine = await api("GET", "/api/my/games/" + id);
          seat = { token: mine.token, side: mine.side };
          store.set("mancala.seat." + id, seat);
        } catch (error) { /* no seat of ours: watching */ }
      }
      if (invite && !seat && !replay) {
        // Signed in, the seat is the account's, under its name: the
        // invitation is shown (rated or not) before it is taken.
        const account = signedIn();
        let name = account || store.get("mancala.name");
        let watching = false;
        // Is the seat still free? A used invitation is no error: its
        // visitor watches, and is told so calmly (no refused request).
        const probe = await api("GET", "/api/games/" + id);
        if (!probe.invite_open) {
          watching = true;
          notice = t("join.used");
        } else if (!name || account) {
          // A first visit: ask for the name to play under (kept on this
          // device).
          name = await askName(probe, account);
          watching = name === null;
        }
        try {
          if (watching) throw null;
          const joined = await api("POST", "/api/games/" + id + "/join", { invite, name: name || "" });
          seat = { token: joined.token, side: joined.side };
          store.set("mancala.seat." + id, seat);
        } catch (error) {
          // Taken meanwhile (by the friend a moment earlier): watching.
          if (error && error.code === "seat_taken") notice = t("join.used");
          else if (error !== null) message = errorText(error);
        }
        history.replaceState(null, "", "/g/" + id);
      }
      if (replay) {
        const data = await api("GET", "/api/games/" + id + "/replay");
        state = data.state;
        plies = data.plies;
        ply = plyFromHash() ?? plies.length - 1;
        window.addEventListener("hashchange", () => { const n = plyFromHash(); if (n !== null) goTo(n); });
        shown = { board: plies[ply].board, captured: plies[ply].captured };
        const last = plies[ply].report;
        if (last) setHighlight(last);
        render();
        if (state.over) loadReview();
        return;
      }
      state = await api("GET", "/api/games/" + id);
      shown = { board: state.board, captured: state.captured };
      if (state.last) setHighlight(state.last);
      render();
      connect();
    }

    // `/replay/ID#12`: the position after move 12.
    function plyFromHash() {
      const m = /^#(\d+)$/.exec(location.hash);
      return m && plies ? Math.min(Number(m[1]), plies.length - 1) : null;
    }

    /// The invitation's name form: resolves to the name, or null to watch.
    function askName(probe, account) {
      return new Promise((resolve) => {
        const input = el("input", { name: "name", maxlength: 40, autocomplete: "nickname", required: true });
        if (account) input.value = account;
        const label = account ? el("p", { text: t("account.signed-in-as", { name: account }) })
          : el("label", {}, el("span", { text: t("new.name") }), input);
        const watch = el("button", { type: "button", class: "secondary", text: t("join.watch") });
        const form = el("form", { class: "notice join" },
          el("p", { text: t("join.title") }), ...inviteDetails(probe), label,
          el("p", {}, el("button", { type: "submit", class: "button", text: t("join.take") }), " ", watch));
        form.addEventListener("submit", (event) => {
          event.preventDefault();
          const name = input.value.trim();
          if (!name) return;
          if (!account) store.set("mancala.name", name);
          form.remove();
          resolve(name);
        });
        watch.addEventListener("click", () => { form.remove(); resolve(null); });
        root.replaceChildren(form);
        (account ? form.querySelector("button[type=submit]") : input).focus();
      });
    }

    // Who invites, to which game, with which clock, in a match or not.
    function inviteDetails(probe) {
      if (!probe) return [];
      const free = probe.players.south.seated ? "north" : "south";
      const host = probe.players[free === "south" ? "north" : "south"];
      const hostName = host.name === "South" || host.name === "North" ? sideName(free === "south" ? "north" : "south") : host.name;
      const lines = [el("p", { class: "invite-who", text: t("join.invites", { name: hostName, game: probe.name }) })];
      const c = probe.clock;
      const days = probe.correspondence && probe.correspondence.days;
      lines.push(el("p", { class: "invite-clock", text: c
        ? t("join.clock", { min: (c.initial_ms / 60000).toLocaleString(lang, { maximumFractionDigits: 1 }), inc: Math.round(c.increment_ms / 1000) })
        : days ? t(days === 1 ? "join.one-day" : "join.days", { days })
        : t("join.no-clock") }));
      if (probe.match) lines.push(el("p", { class: "invite-match", text: t("join.match", { n: probe.match.first_to }) }));
      lines.push(el("p", { class: "invite-side", text: t("join.side", { side: sideName(free) }) }));
      if (probe.rated) lines.push(el("p", { class: "invite-rated", text: signedIn() ? t("play.rated") : t("play.rated-join") }));
      return [el("div", { class: "invite-details" }, ...lines)];
    }

    // Failed attempts to reconnect in a row, for the backoff.
    let retries = 0;
    function connect() {
      const scheme = location.protocol === "https:" ? "wss://" : "ws://";
      const socket = new WebSocket(scheme + location.host + "/api/games/" + id + "/ws");
      let opened = false;
      socket.onopen = () => {
        opened = true;
        retries = 0;
        if (message === t("play.offline") || message === t("play.restarting")) message = null;
        // Name our seat, so that the opponent knows we are here.
        if (seat && seat.token) socket.send(JSON.stringify({ type: "seat", token: seat.token }));
      };
      socket.onmessage = (event) => {
        let data;
        try { data = JSON.parse(event.data); } catch (e) { return; }
        receive(data);
      };
      // 1012 (Service Restart): the server stops, another takes its place.
      // Either way, try again: soon, then less often (up to 8 s), with some
      // jitter so that every page does not come back at the same moment.
      socket.onclose = (event) => {
        const restarting = event.code === 1012;
        if (restarting || message !== t("play.restarting")) message = t(restarting ? "play.restarting" : "play.offline");
        render();
        const wait = Math.min(8000, 250 * 2 ** retries) * (0.75 + Math.random() / 2);
        retries += 1;
        setTimeout(connect, opened && !restarting ? 500 : wait);
      };
    }

    // News from the server: `state` is at once the newest state (so the
    // player may answer a move while it is still being sown), and the board
    // catches up through the queue of animations.
    function receive(item) {
      if (item.type === "move") {
        // A move already known (the HTTP answer and the WebSocket both
        // bring our own move) is skipped.
        if (state && item.state.moves.length <= state.moves.length) { render(); return; }
        const before = state;
        state = item.state;
        queue.push(item);
        // A new move heard, ours or the opponent's answer to it: our own
        // move (if its HTTP answer is still on its way) is stored, no
        // longer being sent (we could send only on our turn, so nothing
        // new comes before it).
        sending = null;
        // Every move is read out, our own too, with what comes next (the
        // end of the game is said by noticeChanges).
        const explanation = item.move.explanation ? item.move.explanation[lang] || item.move.explanation.en : item.move.move;
        const stop = /[.!?]$/.test(explanation) ? " " : ". ";
        announce(state.over ? explanation : explanation + stop + statusText());
        noticeChanges(before, state);
      } else if (item.type === "state") {
        noticeChanges(state, item.state);
        state = item.state;
        queue.push(item);
      }
      drain();
    }

    async function drain() {
      if (animating) { render(); return; }
      animating = true;
      render();
      while (queue.length) {
        const item = queue.shift();
        if (item.type === "move") {
          sound(item.move);
          if (viewing !== null) {
            // Looking back: the game goes on underneath, unanimated.
            shown = { board: item.state.board, captured: item.state.captured };
            setHighlight(item.move);
            missed = true;
            continue;
          }
          await animate(item.move, item.state);
        } else if (item.type === "state") {
          shown = { board: item.state.board, captured: item.state.captured };
          if (!item.state.last) highlight = { from: null, captured: [], last: null };
        }
      }
      animating = false;
      skip = false;
      render();
    }

    // A tournament game that is over: the player's page asks the
    // tournament, every few seconds, whether the next round has begun, and
    // takes them to their next game (its seat kept where seats are kept).
    let followingTournament = false;
    function followTournament() {
      if (followingTournament || !state || !state.over || !state.tournament || !isPlayer() || replay) return;
      followingTournament = true;
      const poll = async () => {
        try {
          const data = await api("GET", "/api/tournaments/" + encodeURIComponent(state.tournament.id));
          const next = (data.you.seats || []).find((seat) => !seat.done && seat.game !== id);
          if (next) {
            store.set("mancala.seat." + next.game, { token: next.token, side: next.side });
            leaving = true;
            location.href = "/g/" + next.game;
            return;
          }
        } catch (e) { /* try again later */ }
        setTimeout(poll, 4000);
      };
      poll();
    }

    // What a new state tells beyond the board: our offer was declined; the
    // players went on to a rematch or the match's next game (a spectator is
    // taken there).
    // Each is read out in the live region too: offers and their answers,
    // a rematch asked for or called off, and the end of the game (a resignation, ours or
    // theirs, an agreement, time, or the last move).
    function noticeChanges(before, after) {
      if (!before || after.id !== before.id) return;
      if (after.moves.length !== before.moves.length) offerRefused = false;
      const online = after.mode !== "local";
      const ours = (side) => online && mySeats().includes(side);
      if (before.offer && !after.offer && !after.over && after.moves.length === before.moves.length && ours(before.offer)) {
        offerRefused = true;
        announce(t("play.offer-refused"));
      }
      if (after.offer && after.offer !== before.offer && !after.over && isPlayer()) {
        announce(ours(after.offer) ? t("play.offer-sent")
          : t("play.offer-received") + " " + t("play.offer-means", { award: awardText() }));
      }
      if (after.over && !before.over) {
        const winner = after.winner === "south" || after.winner === "north" ? after.winner : null;
        announce(endingText(after) + ". " + (winner ? t("play.wins", { name: displayName(winner) }) : t("play.draw"))
          + ". " + scoreLabel(after) + ": " + scoreLine(after) + ".");
      }
      if (after.rematch && !before.rematch && isPlayer() && !replay && !store.get("mancala.seat." + after.rematch)) {
        announce(after.match ? t("match.join-next") : t("play.join-rematch"));
      }
      if (after.called_off && !before.called_off && isPlayer() && !replay) announce(calledOffText(after));
      if (after.next_game && !before.next_game && !isPlayer() && !replay) {
        leaving = true;
        setTimeout(() => { location.href = "/g/" + after.next_game; }, 1500);
      }
    }

    // Sounds, made on the spot with the Web Audio API (no files): a short
    // tap for a move, a lower double knock for a capture. Off unless the
    // player turns them on (remembered).
    let soundOn = store.get("mancala.sound") === true;
    let audio = null;
    function sound(report) {
      if (!soundOn || !report) return;
      try {
        audio = audio || new (window.AudioContext || window.webkitAudioContext)();
        if (audio.state === "suspended") audio.resume();
        const captured = report.events.some((e) => e.type === "capture");
        const notes = captured ? [[330, 0], [220, 0.09]] : [[660, 0]];
        for (const [freq, at] of notes) {
          const osc = audio.createOscillator();
          const gain = audio.createGain();
          const start = audio.currentTime + at;
          osc.frequency.value = freq;
          osc.type = captured ? "triangle" : "sine";
          gain.gain.setValueAtTime(0.0001, start);
          gain.gain.exponentialRampToValueAtTime(0.25, start + 0.01);
          gain.gain.exponentialRampToValueAtTime(0.0001, start + (captured ? 0.16 : 0.08));
          osc.connect(gain).connect(audio.destination);
          osc.start(start);
          osc.stop(start + 0.2);
        }
      } catch (e) { /* no audio here: stay silent */ }
    }

    // Looking back at the position after `n` moves, without leaving the game.
    async function view(n) {
      if (replay) { goTo(n); return; }
      if (n >= state.moves.length) { backToGame(); return; }
      if (!past || past.length <= n) {
        try {
          past = (await api("GET", "/api/games/" + id + "/replay")).plies;
        } catch (error) { message = errorText(error); render(); return; }
      }
      if (past.length <= n) return;
      if (viewing === null) missed = false;
      viewing = n;
      render();
    }
    function backToGame() {
      viewing = null;
      missed = false;
      render();
    }

    function setHighlight(report) {
      const captured = report.events.filter((e) => e.type === "capture").map((e) => e.pit);
      const drops = report.events.filter((e) => e.type === "drop");
      highlight = { from: report.move, captured, last: drops.length ? drops[drops.length - 1].pit : null, report };
    }

    // Sows the move seed by seed from its report, then shows the board
    // after it (`next`: a state, or a replay's ply). A skip ends it at once.
    async function animate(report, next) {
      const names = letters(state.pits_per_row);
      const board = report.before.slice();
      const captured = report.captured_before.slice();
      highlight = { from: report.move, captured: [], last: null, report: null };
      // A long move is sped up to fit the speed's time for a move, each lap
      // still starting with a pause a little longer than a seed's; while
      // another move waits behind it (the reply, an extra turn) each step
      // takes half its time, so that the board catches up.
      const { seed, lap, move } = pace();
      const laps = report.events.filter((e) => e.type === "take" || e.type === "relay").length;
      const seeds = report.events.filter((e) => e.type === "drop" || e.type === "capture").length;
      const lapMs = Math.min(lap, Math.floor((move * 0.3) / Math.max(laps, 1)));
      const seedMs = Math.min(seed, Math.floor((move - lapMs * laps) / Math.max(seeds, 1)));
      // Each step is due at a set time from the start, so the time spent
      // drawing does not add up over a long move: a seed's step whose time
      // is already over (a slow or busy device) is not drawn; a lap's always is.
      let due = performance.now();
      const step = async (hand, ms, always = false) => {
        if (queue.some((item) => item.type === "move")) ms /= 2;
        if (!always && due + ms < performance.now()) { due += ms; return; }
        shown = { board: board.slice(), captured: captured.slice(), hand };
        render(true);
        due += ms;
        const wait = due - performance.now();
        if (wait > 0 && !skip) await sleep(wait);
      };
      if (delay() > 0) {
        let hand = 0;
        for (const e of report.events) {
          const i = e.pit ? names.indexOf(e.pit) : -1;
          if (skip) break;
          if (e.type === "take" || e.type === "relay") { board[i] = 0; hand = e.seeds; highlight.last = e.pit; await step(hand, lapMs, true); }
          else if (e.type === "drop") { board[i] += 1; hand -= 1; highlight.last = e.pit; await step(hand, seedMs); }
          else if (e.type === "capture") {
            board[i] -= e.seeds;
            if (board[i] < 0) board[i] = 0;
            captured[e.by === "south" ? 0 : 1] += e.seeds;
            highlight.captured.push(e.pit);
            await step(hand, seedMs);
          }
        }
      }
      shown = { board: next.board, captured: next.captured };
      setHighlight(report);
      render(true);
    }

    async function play(letter) {
      if (replay || !state || sending) return;
      if (viewing !== null) {
        message = t("moves.viewing", { n: viewing, total: state.moves.length }) + " " + t("moves.back") + ".";
        render();
        return;
      }
      // A refused choice says why and changes nothing.
      let refusal = null;
      if (state.over) refusal = t("err.game_over");
      else if (!isPlayer()) refusal = t("err.not_a_player");
      else if (waitingForOpponent()) refusal = t("play.waiting-friend");
      else if (!myTurn()) refusal = t("err.not_your_turn");
      else if (!state.legal.includes(letter)) refusal = t("err.illegal_move", { legal: state.legal.join(" ") });
      if (refusal) {
        message = refusal;
        render();
        return;
      }
      message = null;
      // The sowing still shown jumps to its end; the move goes at once.
      skipAnimation();
      sending = letter;
      const sent = ++sends;
      render();
      try {
        const answer = await api("POST", "/api/games/" + id + "/moves", { token: seat.token, move: letter });
        if (sent === sends) sending = null;
        receive({ type: "move", move: answer.move, state: answer.state });
      } catch (error) {
        if (sent === sends) sending = null;
        message = errorText(error);
        render();
      }
    }

    // What an agreed end does with the seeds on the board: as at a cycle in
    // the ruleset (RULES.md: Speightstown leaves them uncaptured, Bridgetown
    // splits them, the others give each player their own row's).
    function awardText() {
      const game = state.game || "";
      if (game === "barbados-warri" || game.endsWith("speightstown")) return t("award.uncaptured");
      if (game.endsWith("bridgetown")) return t("award.split");
      return t("award.own-row");
    }

    async function loadReview() {
      try {
        review = await api("GET", "/api/games/" + id + "/review");
      } catch (error) {
        reviewError = errorText(error);
      }
      render();
    }

    async function askHint() {
      if (hintWaiting || !myTurn()) return;
      hintWaiting = true;
      message = null;
      render();
      try {
        const answer = await api("POST", "/api/games/" + id + "/hint", { token: seat.token });
        hint = { move: answer.move, value: answer.value, plies: state.moves.length };
      } catch (error) {
        message = errorText(error);
      }
      hintWaiting = false;
      render();
    }

    // A value for people: seeds ahead or behind, or a result by force.
    function valueText(value) {
      if (value.result === "win") return t("val.win");
      if (value.result === "loss") return t("val.loss");
      const n = Math.abs(value.seeds);
      const shown = n.toLocaleString(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
      if (n < 0.5) return t("val.even");
      return value.seeds > 0 ? t("val.ahead", { n: shown }) : t("val.behind", { n: shown });
    }

    // m:ss, with tenths under ten seconds.
    function clockText(ms) {
      ms = Math.max(0, ms);
      if (ms < 10000) return "0:0" + (Math.floor(ms / 100) / 10).toFixed(1);
      const s = Math.ceil(ms / 1000);
      const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
      const mm = h ? String(m).padStart(2, "0") : String(m);
      return (h ? h + ":" : "") + mm + ":" + String(sec).padStart(2, "0");
    }
    function timeLeft(side) {
      const c = state.clock;
      const ms = c[side + "_ms"];
      return c.running === side && !state.over ? ms - since(state) : ms;
    }
    // How long until we may claim the game (online, opponent to move and
    // away), or null.
    function claimLeft() {
      if (replay || state.over || !isPlayer() || myTurn()) return null;
      return state.claim_in_ms === null || state.claim_in_ms === undefined ? null : state.claim_in_ms - since(state);
    }
    // Clocks and the claim countdown tick here, between states.
    let claimShown = null;
    setInterval(() => {
      if (!state || replay) return;
      if (state.clock) {
        root.querySelectorAll(".clock[data-side]").forEach((node) => {
          const ms = timeLeft(node.dataset.side);
          node.textContent = clockText(ms);
          node.classList.toggle("low", ms < 10000);
        });
      }
      const left = claimLeft();
      const ready = left === null ? null : left <= 0;
      if (ready !== claimShown && !animating) { render(); return; }
      const wait = root.querySelector(".claim-wait");
      if (wait && left !== null) wait.textContent = t("play.claim-wait", { time: clockText(left) });
    }, 200);

    // Declines (on the finished game) or withdraws (from the rematch's
    // page) a rematch; the new states come over both games' sockets.
    async function callOff(game, how, token) {
      message = null;
      try {
        const answer = await api("POST", "/api/games/" + game + "/rematch/" + how, { token });
        if (game === id) state = answer.game;
      } catch (error) {
        message = errorText(error);
      }
      render();
    }

    // `confirm`: {text, ok}, asked in the site's own dialog first.
    async function action(path, confirm) {
      if (confirm && !(await mancala.ask({ text: confirm.text, ok: confirm.ok, cancel: t("dialog.cancel"), danger: path === "resign" }))) return;
      message = null;
      // A take-back makes the sowing still shown pointless.
      if (path === "undo") { queue.length = 0; skipAnimation(); }
      try {
        const answer = await api("POST", "/api/games/" + id + "/" + path, { token: seat.token });
        if (path === "rematch") {
          store.set("mancala.seat." + answer.id, { token: answer.token, side: state.mode === "local" ? "both" : answer.side });
          location.href = "/g/" + answer.id;
          return;
        }
        if (path === "offer" && state.mode === "computer" && !answer.accepted) offerDeclined = true;
        const next = answer.state || answer;
        if (next && next.id === id) {
          noticeChanges(state, next);
          state = next;
          shown = { board: state.board, captured: state.captured };
        }
        if (path === "undo") highlight = state.last ? highlight : { from: null, captured: [], last: null };
        if (path === "undo" && state.last) setHighlight(state.last);
        hint = null;
        render();
      } catch (error) {
        message = errorText(error);
        render();
      }
    }

    document.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target && /INPUT|TEXTAREA|SELECT/.test(event.target.tagName)) return;
      if (!replay && viewing !== null && event.key === "Escape") { backToGame(); return; }
      if (event.key === "Escape" && animating) { skipAnimation(); return; }
      if (!replay && event.target && event.target.classList && event.target.classList.contains("pit")
          && /^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(event.key)) {
        event.preventDefault();
        moveCursor(event.target, event.key);
        return;
      }
      if (replay) {
        if (event.key === "ArrowRight") goTo(ply + 1, true);
        if (event.key === "ArrowLeft") goTo(ply - 1);
        if (event.key === "Home") goTo(0);
        if (event.key === "End") goTo(plies.length - 1);
        return;
      }
      if (event.key.length === 1 && /[a-zA-Z]/.test(event.key) && state) {
        // One player at the keyboard: the letter's case follows the side to move.
        let letter = event.key;
        if (state.to_move === "south") letter = letter.toLowerCase();
        if (state.to_move === "north") letter = letter.toUpperCase();
        event.preventDefault();
        play(letter);
      }
    });

    let stepping = null; // the replay's animation under way
    async function goTo(target, animated) {
      if (!plies || target < 0 || target >= plies.length) return;
      // A step asked for during an animation ends that one first.
      if (animating) {
        skipAnimation();
        if (stepping) await stepping;
        if (animating) return;
      }
      if (animated && target === ply + 1 && plies[target].report) {
        animating = true;
        render();
        stepping = animate(plies[target].report, plies[target]);
        await stepping;
        stepping = null;
        animating = false;
        skip = false;
      }
      ply = target;
      history.replaceState(null, "", "#" + ply);
      shown = { board: plies[ply].board, captured: plies[ply].captured };
      if (plies[ply].report) setHighlight(plies[ply].report);
      else highlight = { from: null, captured: [], last: null };
      render();
    }

    // What the board component adds to a pit of the play page: a button,
    // its marks and its name.
    function pitOptions(letter, count, side) {
      const legal = canMove() && state.legal.includes(letter);
      const classes = [];
      if (highlight.from === letter) classes.push("from");
      if (highlight.captured.includes(letter)) classes.push("captured");
      if (highlight.last === letter) classes.push("last");
      if (legal) classes.push("legal");
      if (!replay && hint && state && hint.plies === state.moves.length && hint.move === letter) classes.push("hint");
      const better = betterHere() === letter;
      if (better) classes.push("better");
      let owner = ownSide() === side ? t("play.pit-yours", { pit: letter, seeds: seedsText(count) })
        : t("play.pit-of", { pit: letter, side: sideName(side), seeds: seedsText(count) });
      if (better) owner = t("play.pit-better", { label: owner });
      // Not `disabled`: a click on a pit that cannot be played is answered
      // with the reason (replay pits are only pictures). One pit of the
      // board is in the Tab order; the arrow keys move between them.
      return {
        button: true,
        classes,
        attrs: {
          disabled: replay,
          tabindex: letter === cursor ? "0" : "-1",
          "aria-disabled": legal ? null : "true",
          "aria-label": owner,
          onclick: () => play(letter),
          onfocus: () => { cursor = letter; },
        },
      };
    }

    // The review's better move where it was missed: on the replay, at the
    // position a mistake was played from, its better move is marked.
    function betterHere() {
      if (!replay || !review || !plies || viewing !== null) return null;
      const next = review.moves[ply];
      return next && next.mistake ? next.better : null;
    }

    function storeName(side, count) {
      const seeds = seedsText(count);
      return ownSide() === side ? t("play.store-yours", { seeds }) : t("play.store-of", { side: sideName(side), seeds });
    }

    // The arrow keys go to the nearest pit that way, as drawn.
    function moveCursor(from, key) {
      const target = mancala.pitTowards(from, key);
      if (target) { cursor = target.dataset.pit; target.focus(); }
    }

    // A player's name as shown: the computer and unnamed players get words
    // in the page's language.
    function displayName(side) {
      const p = state.players[side];
      if (p.kind === "computer") return t("play.computer", { n: state.level });
      if (p.account && p.name === "deleted player") return t("player.deleted");
      if (!p.seated) return t("play.waiting-seat");
      if (p.name === "South" || p.name === "North") return sideName(side);
      return p.name;
    }

    const capitalise = (text) => text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);

    function playerLabel(side) {
      const p = state.players[side];
      const mine = mySeats().includes(side) && state.mode !== "local";
      const name = displayName(side);
      const turn = state.to_move === side ? " turn" : "";
      // A player without a name is their side: the side is said once
      // ("North", not "North North"), and our own seat is "You" ("Nam Bạn",
      // not "Nam Nam (bạn)").
      const unnamed = name === sideName(side);
      const shown = unnamed ? (mine ? capitalise(t("play.you")) : null) : name + (mine ? " (" + t("play.you") + ")" : "");
      const label = el("div", { class: "player " + side + turn },
        el("span", { class: "side", text: sideName(side) }), shown ? " " : null,
        shown ? el("strong", { text: shown }) : null);
      if (state.presence && p.seated && !state.presence[side] && !replay) {
        label.append(" ", el("span", { class: "away", text: "(" + t("play.away") + ")" }));
      }
      // The computer's thinking is not timed: it has no clock.
      if (state.clock && p.kind !== "computer" && !replay) {
        const ms = timeLeft(side);
        label.append(" ", el("span", {
          class: "clock" + (ms < 10000 ? " low" : "") + (state.clock.running === side ? " running" : ""),
          "data-side": side, role: "timer", text: clockText(ms),
          "aria-label": ownSide() === side ? t("play.clock-yours") : t("play.clock-of", { side: sideName(side) }),
        }));
      }
      return label;
    }

    // The board as the viewer sits (the board component): their row at the
    // bottom.
    function buildBoard() {
      const n = state.pits_per_row;
      const names = letters(n);
      const bottom = bottomSide();
      const first = bottom === "south" ? 0 : n;
      if (cursor === null || !names.includes(cursor)) {
        const own = names.slice(first, first + n);
        cursor = own.find((l) => canMove() && state.legal.includes(l)) || own[0];
      }
      return mancala.board({
        n, counts: shown.board, captured: shown.captured, bottom, label: t("play.board"), busy: animating,
        hand: shown.hand, storeWord: t("play.store"), storeLabel: storeName,
        pit: (i, letter, side) => pitOptions(letter, shown.board[i], side),
      });
    }

    // Focus stays on the board when it is drawn again.
    function keepFocus(old, draw) {
      const had = old && old.contains(document.activeElement);
      draw();
      if (had) {
        const pit = root.querySelector('.board .pit[data-pit="' + cursor + '"]');
        if (pit) pit.focus({ preventScroll: true });
      }
    }

    // Whose turn, or the result, in words.
    // A rematch that will not be played: declined by the player asked, or
    // withdrawn by the one who asked.
    function calledOffText(of = state) {
      return t(of.called_off.why === "declined" ? "play.rematch-declined" : "play.rematch-withdrawn");
    }

    function statusText() {
      if (replay) return t("replay.ply", { n: ply, total: plies.length - 1 });
      if (viewing !== null) return t("moves.viewing", { n: viewing, total: state.moves.length });
      if (state.over) return t("play.over");
      if (state.called_off) return calledOffText();
      if (waitingForOpponent()) return isPlayer() ? t("play.waiting-friend") : t("play.waiting");
      if (sending) return t("play.sending", { pit: sending });
      const side = state.to_move;
      const p = state.players[side];
      const name = displayName(side);
      // The computer's name says which side it plays ("Computer (level 8)
      // is thinking…"); a person's with their side when named.
      if (p.kind === "computer") return t("play.thinking", { name });
      if (myTurn() && state.mode !== "local") return t("play.your-turn");
      return name === sideName(side) ? t("play.side-to-move", { side: name }) : t("play.to-move", { name, side: sideName(side) });
    }

    // Draws the page; `quick` (during an animation) redraws only the board,
    // so buttons and the speed slider keep working meanwhile.
    function render(quick) {
      if (!state || !shown) return;
      const old = root.querySelector(".board");
      if (quick && old) { keepFocus(old, () => old.replaceWith(buildBoard())); return; }
      keepFocus(old, () => draw());
    }

    function draw() {
      followTournament();
      const n = state.pits_per_row;
      // Two parts: the board with what concerns the position, and beside
      // it on a wide screen (below on a narrow one) the player's controls,
      // the settings and the moves.
      const main = el("div", { class: "game-main" });
      const side = el("div", { class: "game-side" });
      root.replaceChildren(main, side);
      root.style.setProperty("--pits", n);
      updateTitle();

      // Whose turn, or the result.
      // Not a live region: it is drawn anew each time; #announce speaks.
      const status = el("p", { class: "status", text: statusText() });
      if (!replay && viewing !== null) status.classList.add("viewing");
      else if (!replay && !state.over && !waitingForOpponent()) status.classList.add(state.to_move);
      const bottom = bottomSide();
      main.append(playerLabel(bottom === "south" ? "north" : "south"));
      main.append(viewing === null ? buildBoard() : viewedBoard(), playerLabel(bottom), status);
      // A rematch waiting for the other player: its asker may withdraw it;
      // once called off, the way back to the game it followed.
      if (!replay && state.called_off && state.called_off.back) {
        main.append(el("p", { class: "controls called-off" },
          el("a", { class: "button", href: "/g/" + state.called_off.back, text: t("play.back-to-game") })));
      } else if (!replay && waitingForOpponent() && state.rematch_of && isPlayer()) {
        const before = store.get("mancala.seat." + state.rematch_of);
        if (before && before.token) {
          main.append(el("p", { class: "controls" }, el("button", { type: "button", class: "button secondary", id: "cancel-rematch",
            text: t("play.cancel-rematch"), onclick: () => callOff(state.rematch_of, "cancel", before.token) })));
        }
      }
      if (viewing !== null) {
        main.append(el("p", { class: "controls back" },
          el("button", { type: "button", class: "button back-to-game", onclick: backToGame, text: missed ? t("moves.back-new") : t("moves.back") }), " ",
          el("a", { href: "/replay/" + id + "#" + viewing, text: t("moves.link") })));
      }
      if (state.rated) {
        main.append(el("p", { class: "rated-note", text: state.aborted ? t("play.aborted") : t("play.rated") }));
      }
      if (state.tournament && !state.over) {
        main.append(el("p", { class: "tournament-note" }, t("play.in-tournament") + " ",
          el("a", { href: state.tournament.url, text: state.tournament.name })));
      }
      if (state.match) {
        const m = state.match;
        main.append(el("p", { class: "match-score", "data-match": m.id, text: t("match.line", {
          n: m.first_to, game: m.game, south: displayName("south"), north: displayName("north"),
          a: m.wins.south, b: m.wins.north,
        }) }));
      }
      if (!replay && hint && hint.plies === state.moves.length && !state.over) {
        main.append(el("p", { class: "notice hint-text", role: "status", text: t("play.hint-text", { pit: hint.move, value: valueText(hint.value) }) }));
      }
      if (hintWaiting) main.append(el("p", { class: "note", text: t("play.hint-thinking") }));

      // The last move, explained.
      // After the end, the server's last report: it no longer says who is to move.
      const report = viewing !== null ? past[viewing].report
        : !replay && state.over && state.last && highlight.report ? state.last : highlight.report;
      if (report && report.explanation) {
        main.append(el("p", { class: "explanation" }, el("strong", { text: t("play.last") + ": " }), report.explanation[lang] || report.explanation.en));
      }
      if (notice && !isPlayer()) main.append(el("p", { class: "note", role: "status", id: "notice", text: notice }));
      if (message) main.append(el("p", { class: "error", role: "alert", text: message }));

      if (replay) {
        main.append(el("div", { class: "controls" },
          el("button", { type: "button", class: "button", onclick: () => goTo(0), text: t("replay.first") }),
          el("button", { type: "button", class: "button", onclick: () => goTo(ply - 1), text: t("replay.prev") }),
          el("button", { type: "button", class: "button", onclick: () => goTo(ply + 1, true), text: t("replay.next") }),
          el("button", { type: "button", class: "button", onclick: () => goTo(plies.length - 1), text: t("replay.last") })));
      }

      // Invitation, spectators, offers.
      if (!replay && state.mode === "online" && state.invite_open && seat && seat.invite_url) {
        const link = el("input", { class: "invite", readonly: true, value: seat.invite_url });
        const copy = el("button", { type: "button", class: "button", text: t("play.copy"), onclick: async () => {
          try { await navigator.clipboard.writeText(seat.invite_url); copy.textContent = t("play.copied"); } catch (e) { link.select(); }
        } });
        main.append(el("div", { class: "notice" }, el("p", { text: t("play.waiting") + " " + t("play.invite") }), link, copy));
      }
      if (!replay && !isPlayer()) main.append(el("p", { class: "notice", text: t("play.spectator") }));
      if (!replay && !state.over && state.offer && isPlayer()) {
        if (mySeats().includes(state.offer) && state.mode !== "local") {
          main.append(el("p", { class: "notice", text: t("play.offer-sent") }));
        } else {
          main.append(el("div", { class: "notice" }, el("p", { text: t("play.offer-received") }),
            el("p", { class: "offer-means", text: t("play.offer-means", { award: awardText() }) }),
            el("button", { type: "button", class: "button", onclick: () => action("accept"), text: t("play.accept") }), " ",
            el("button", { type: "button", class: "button", onclick: () => action("decline"), text: t("play.decline") })));
        }
      }
      if (offerRefused && !state.over) main.append(el("p", { class: "notice offer-refused", role: "status", text: t("play.offer-refused") }));
      if (leaving) main.append(el("p", { class: "notice next-game", role: "status", text: t("play.next-game") }));
      if (offerDeclined && !state.over) { main.append(el("p", { class: "notice", text: t("play.offer-declined") })); offerDeclined = false; }
      const claim = claimLeft();
      claimShown = claim === null ? null : claim <= 0;
      // Correspondence: the move's deadline instead of a countdown.
      const corr = state.correspondence;
      if (corr && !replay && !state.over) {
        const by = corr.deadline ? new Date(corr.deadline).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" }) : "";
        main.append(el("p", { class: "notice correspondence", text: by
          ? t("play.deadline", { days: corr.days, side: displayName(state.to_move), date: by })
          : t("play.days", { days: corr.days }) }));
      }
      if (corr && claim !== null && claim > 0) {
        // Nothing more to say before the deadline.
      } else if (claim !== null && claim > 0) {
        main.append(el("p", { class: "notice claim-wait", text: t("play.claim-wait", { time: clockText(claim) }) }));
      } else if (claim !== null) {
        main.append(el("div", { class: "notice" }, el("p", { text: t("play.claim-ready") }),
          el("button", { type: "button", class: "button", onclick: () => action("claim"), text: t("play.claim") })));
      }

      // The result.
      if (state.over && (!replay || ply === plies.length - 1)) {
        const winner = state.winner;
        const headline = winner === "draw" || !winner ? t("play.draw") : t("play.wins", { name: displayName(winner) });
        // What ended the game, and the score it ended with: a final score
        // once every seed is counted; otherwise what the stores held, with
        // the seeds left on the board (a resignation, time, Speightstown's
        // uncaptured seeds at an agreed end or a cycle).
        const left = state.board.reduce((a, b) => a + b, 0);
        const result = el("section", { class: "result", "aria-label": t("play.over") },
          el("h2", { text: headline }),
          el("p", { class: "why" }, el("strong", { text: t("play.why") + ": " }), endingText()),
          el("p", { class: "score" }, el("strong", { text: scoreLabel() + ": " }), scoreLine(),
            left ? " (" + t("play.left-on-board", { seeds: seedsText(left) }) + ")" : null));
        const m = state.match;
        if (m && m.winner) {
          const a = m.wins[m.winner], b = m.wins[m.winner === "south" ? "north" : "south"];
          result.append(el("p", { class: "match-result" }, el("strong", { text: t("match.won", { name: displayName(m.winner), a, b }) })));
        }
        const buttons = el("p", { class: "controls" });
        if (!replay && isPlayer() && !(m && m.winner)) {
          const theirs = state.rematch && !(store.get("mancala.seat." + state.rematch));
          const label = m ? (theirs ? t("match.join-next") : t("match.next")) : theirs ? t("play.join-rematch") : t("play.rematch");
          buttons.append(el("button", { type: "button", class: "button", onclick: () => action("rematch"), text: label }), " ");
          // Asked for a rematch by the other player: an answer either way.
          if (theirs && !m && state.mode === "online") {
            buttons.append(el("button", { type: "button", class: "button secondary", id: "decline-rematch",
              onclick: () => callOff(id, "decline", seat.token), text: t("play.decline-rematch") }), " ");
          }
        }
        if (state.called_off) result.append(el("p", { class: "notice called-off", role: "status", text: calledOffText() }));
        buttons.append(el("a", { class: "button", href: "/new?game=" + state.game, text: t("play.new") }), " ",
          el("a", { href: "/api/games/" + id + "/record", download: "", text: t("play.download") }));
        if (!replay) buttons.append(" ", el("a", { href: "/replay/" + id, text: t("replay.title") }));
        // Players have their button above; others get a link to follow.
        if (state.next_game && (replay || !isPlayer())) buttons.append(" ", el("a", { class: "next-game-link", href: "/g/" + state.next_game, text: m ? t("match.next") : t("play.rematch") }));
        if (state.tournament) buttons.append(" ", el("a", { class: "button tournament-link", href: state.tournament.url, text: t("play.back-to-tournament", { name: state.tournament.name }) }));
        result.append(buttons);
        main.append(result);
      }

      // The player's actions.
      if (!replay && !state.over && isPlayer()) {
        const bar = el("div", { class: "controls" });
        if (state.hints && canMove()) bar.append(el("button", { type: "button", class: "button", disabled: hintWaiting, onclick: askHint, text: t("play.hint") }));
        if (state.mode === "computer") bar.append(el("button", { type: "button", class: "button", onclick: () => action("undo"), text: t("play.undo") }));
        if (!state.offer) bar.append(el("button", { type: "button", class: "button", onclick: () => action("offer", { text: t("play.offer-confirm", { award: awardText() }), ok: t("dialog.offer") }), text: t("play.offer") }));
        bar.append(el("button", { type: "button", class: "button danger", onclick: () => action("resign", { text: t("play.resign-confirm"), ok: t("play.resign") }), text: t("play.resign") }));
        side.append(bar);
      }

      // Sowing speed and the keyboard hint.
      const range = el("input", { type: "range", min: "0", max: "4", step: "1", value: String(speed), "aria-label": t("play.speed") });
      range.addEventListener("input", () => { speed = Number(range.value); store.set("mancala.speed", speed); });
      const soundBox = el("input", { type: "checkbox", name: "sound", checked: soundOn });
      soundBox.addEventListener("change", () => {
        soundOn = soundBox.checked;
        store.set("mancala.sound", soundOn);
        // Made here, in the click: browsers let sound start only after a gesture.
        if (soundOn) sound({ events: [] });
      });
      const settings = el("p", { class: "settings" }, el("label", {}, t("play.speed") + " ", range), " ",
        el("label", { class: "sound" }, soundBox, " " + t("play.sound")));
      // While seeds are being sown: end the sowing shown at once (Escape too).
      if (animating) settings.append(" ", el("button", { type: "button", class: "button secondary skip-sowing", onclick: skipAnimation, text: t("play.skip") }));
      if (!fixedBottom()) {
        settings.append(" ", el("button", { type: "button", class: "button secondary flip", "aria-pressed": String(flipped), text: t("play.flip"), onclick: () => {
          flipped = !flipped;
          store.set("mancala.flip." + id, flipped);
          render();
        } }));
      }
      side.append(settings);
      if (!replay && isPlayer()) side.append(el("p", { class: "note keys-help", text: t("play.keys") }));

      if (replay && state.over) side.append(reviewSection());

      side.append(moveList());
      // Long games scroll the list: keep the move shown in sight.
      const list = root.querySelector(".moves");
      const current = list && list.querySelector("li.current");
      if (current) list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
    }

    // The tab's title and the heading follow the players (a friend who
    // joins replaces "(free seat)"); the title says when it is our turn.
    function updateTitle() {
      const game = t.has("game." + state.game) ? t("game." + state.game) : state.name;
      const text = game + ": " + displayName("south") + " – " + displayName("north");
      if (heading && heading.textContent !== text) heading.textContent = text;
      const turn = !replay && ourTurn() && state.mode !== "local" ? "● " + t("play.title-turn") + " · " : "";
      const title = turn + text + (siteName ? " · " + siteName : "");
      if (document.title !== title) document.title = title;
    }

    // The board as it was after `viewing` moves (looking back in a game).
    function viewedBoard() {
      const live = shown, liveHighlight = highlight;
      shown = { board: past[viewing].board, captured: past[viewing].captured };
      if (past[viewing].report) setHighlight(past[viewing].report);
      else highlight = { from: null, captured: [], last: null };
      const board = buildBoard();
      board.classList.add("past");
      shown = live;
      highlight = liveHighlight;
      return board;
    }

    // A final score once every seed is counted; otherwise what the stores
    // held, seeds still on the board.
    function scoreLabel(of = state) {
      return of.board.some((n) => n > 0) ? t("play.stores-at-end") : t("play.score");
    }

    // The final score, South first, with the players' names: the same
    // line as on the finished games' list.
    function scoreLine(of = state) {
      return displayName("south") + " " + of.captured[0] + " – " + of.captured[1] + " " + displayName("north");
    }
    // How the game ended, naming the player for a resignation, a flag or
    // an abandoned game (the server's `ending_line` builds the same).
    function endingText(of = state) {
      const ending = of.ending;
      if (!ending) return "";
      const loser = of.winner === "south" ? "north" : of.winner === "north" ? "south" : null;
      if (loser && ["resignation", "time", "abandoned"].includes(ending)) return t("end-by." + ending, { name: displayName(loser) });
      let text = (of.ending_text && (of.ending_text[lang] || of.ending_text.en)) || t("end." + ending);
      // An agreed end or a cycle: what it did with the seeds on the board.
      if (ending === "agreed" || ending === "cycle") text += ": " + awardText();
      return text.charAt(0).toUpperCase() + text.slice(1);
    }

    // The moves in two columns (South, North) numbered by row; a side that
    // moves twice running (an extra turn, a pass) starts a new row, and the
    // move that earned it is marked. Each move shows its position.
    function moveList() {
      const moves = replay ? plies.slice(1).map((p) => p.report.move) : state.moves;
      const current = replay ? ply : viewing === null ? moves.length : viewing;
      // The analysis board's link opens the position shown.
      const analyse = document.querySelector("a.analyse-link");
      if (analyse) {
        const url = new URL(analyse.href);
        url.searchParams.set("ply", String(current));
        // The analysis board shows it from the same side.
        if (bottomSide() === "north") url.searchParams.set("bottom", "north"); else url.searchParams.delete("bottom");
        analyse.href = url.toString();
      }
      const mover = (m) => (m === m.toLowerCase() ? "south" : "north");
      const list = el("ol", { class: "moves" });
      let row = 0, extras = false;
      moves.forEach((m, i) => {
        const side = mover(m);
        const startsRow = i === 0 || side === "south" || mover(moves[i - 1]) === side;
        if (startsRow) row += 1;
        const judged = review && review.moves[i];
        const again = i + 1 < moves.length && mover(moves[i + 1]) === side;
        extras = extras || again;
        const classes = [side];
        if (i + 1 === current) classes.push("current");
        if (judged && judged.mistake) classes.push("mistake");
        if (again) classes.push("extra");
        const item = el("li", { class: classes.join(" "), "data-ply": i + 1, "data-n": startsRow ? row + "." : null, title: again ? t("moves.extra") : null });
        item.append(el("button", { type: "button", class: "linklike", "aria-label": t("moves.go", { n: i + 1 }) + ": " + m, "aria-current": i + 1 === current ? "true" : null,
          onclick: () => view(i + 1), text: m + (judged && judged.mistake ? "?" : "") }));
        list.append(item);
      });
      const section = el("section", { class: "move-list" }, el("h2", { text: t("play.moves") }),
        el("div", { class: "move-heads", "aria-hidden": "true" }, el("span"), el("span", { text: sideName("south") }), el("span", { text: sideName("north") })),
        list);
      if (extras) section.append(el("p", { class: "note", text: t("moves.extra-note") }));
      return section;
    }

    // The computer's review: the evaluation graph (an inline SVG), the
    // number of mistakes, and what it says of the move shown.
    function reviewSection() {
      const section = el("section", { class: "review", "aria-label": t("review.title") }, el("h2", { text: t("review.title") }));
      if (reviewError) { section.append(el("p", { class: "error", text: reviewError })); return section; }
      if (!review) { section.append(el("p", { class: "note", role: "status", text: t("review.computing") })); return section; }
      section.append(graph());
      section.append(el("p", { class: "note", text: t("review.summary", review.mistakes) }));
      const judged = ply > 0 ? review.moves[ply - 1] : null;
      if (judged) {
        const after = review.positions[ply];
        if (after) section.append(el("p", { text: t("review.value", { value: valueText(after.south) }) }));
        if (judged.mistake) {
          const lost = judged.lost.toLocaleString(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
          const text = judged.changes_result
            ? t("review.mistake-result", { move: judged.move, better: judged.better })
            : t("review.mistake", { move: judged.move, lost, better: judged.better });
          section.append(el("p", { class: "mistake-text", text }),
            el("p", {}, el("button", { type: "button", class: "button secondary show-better", onclick: () => goTo(ply - 1),
              text: t("review.show-better", { better: judged.better }) })));
        }
      }
      const next = review.moves[ply];
      if (next && next.mistake) {
        section.append(el("p", { class: "better-here", text: t("review.better-here", { move: next.move, better: next.better }) }));
      }
      return section;
    }

    function svg(tag, attrs) {
      const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
      for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
      return node;
    }

    // South's advantage over the game: a proven result is drawn at the edge.
    // Above the zero line (South ahead) in South's colour, below in North's;
    // a seed axis on the left, move numbers below.
    function graph() {
      const values = review.positions.map((p) => p.south.result === "win" ? Infinity : p.south.result === "loss" ? -Infinity : p.south.seeds);
      const finite = values.filter((v) => Number.isFinite(v)).map(Math.abs);
      const top = Math.min(24, Math.max(4, Math.ceil(Math.max(0, ...finite))));
      const width = 600, height = 200, left = 44, right = 8, up = 8, down = 26;
      const n = Math.max(1, values.length - 1);
      const x = (i) => left + (i / n) * (width - left - right);
      const mid = up + (height - up - down) / 2;
      const y = (v) => mid - (Math.max(-top, Math.min(top, v)) / top) * (mid - up);
      const chart = svg("svg", { viewBox: "0 0 " + width + " " + height, class: "graph", role: "img", "aria-label": t("review.graph") });
      chart.append(svg("rect", { x: left, y: up, width: width - left - right, height: height - up - down, class: "graph-bg" }));
      const clip = (name, y0, h) => {
        const path = svg("clipPath", { id: "graph-" + name + "-" + id });
        path.append(svg("rect", { x: 0, y: y0, width, height: h }));
        return path;
      };
      const defs = svg("defs");
      defs.append(clip("south", 0, mid), clip("north", mid, height));
      chart.append(defs);
      // The seed axis: 0 and the top on each side, with the side ahead.
      for (const v of [top, top / 2, 0, -top / 2, -top]) {
        chart.append(svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === 0 ? "graph-zero" : "graph-grid" }));
        const label = svg("text", { x: left - 4, y: y(v) + 4, class: "graph-label", "text-anchor": "end" });
        label.textContent = String(Math.round(Math.abs(v)));
        chart.append(label);
      }
      const sideLabel = (key, at, cls) => {
        const label = svg("text", { x: left + 6, y: at, class: "graph-side " + cls });
        label.textContent = t(key);
        chart.append(label);
      };
      sideLabel("review.south-ahead", up + 14, "south");
      sideLabel("review.north-ahead", height - down - 6, "north");
      // Move numbers: about eight ticks whatever the length.
      const every = Math.max(1, Math.ceil(n / 8 / 5) * 5);
      for (let i = 0; i <= n; i += every) {
        chart.append(svg("line", { x1: x(i), x2: x(i), y1: height - down, y2: height - down + 4, class: "graph-tick" }));
        const label = svg("text", { x: x(i), y: height - down + 15, class: "graph-label", "text-anchor": "middle" });
        label.textContent = String(i);
        chart.append(label);
      }
      const axis = svg("text", { x: width - right, y: height - 2, class: "graph-label", "text-anchor": "end" });
      axis.textContent = t("review.axis-moves") + " →";
      chart.append(axis);
      const seedsLabel = svg("text", { x: 2, y: height - 2, class: "graph-label" });
      seedsLabel.textContent = t("review.axis-seeds");
      chart.append(seedsLabel);
      const points = values.map((v, i) => x(i).toFixed(1) + "," + y(v).toFixed(1)).join(" ");
      const area = x(0) + "," + mid + " " + points + " " + x(values.length - 1) + "," + mid;
      chart.append(svg("polygon", { points: area, class: "graph-area south", "clip-path": "url(#graph-south-" + id + ")" }));
      chart.append(svg("polygon", { points: area, class: "graph-area north", "clip-path": "url(#graph-north-" + id + ")" }));
      chart.append(svg("polyline", { points, class: "graph-line" }));
      chart.append(svg("line", { x1: x(ply), x2: x(ply), y1: up, y2: height - down, class: "graph-now" }));
      review.moves.forEach((m, i) => {
        if (!m.mistake) return;
        const dot = svg("circle", { cx: x(i + 1), cy: y(values[i + 1]), r: 5, class: "graph-mistake " + m.mover });
        const title = svg("title");
        title.textContent = m.move + "?";
        dot.append(title);
        chart.append(dot);
      });
      chart.addEventListener("click", (event) => {
        const box = chart.getBoundingClientRect();
        const at = ((event.clientX - box.left) / box.width) * width;
        goTo(Math.max(0, Math.min(values.length - 1, Math.round(((at - left) / (width - left - right)) * n))));
      });
      return chart;
    }

    start().catch((error) => {
      root.replaceChildren(el("p", { class: "error", role: "alert", text: errorText(error) }));
    });
  }
})();
