// The tournament pages: the list with the form to organise one, and a
// tournament's page (registration, rounds, results, standings), drawn from
// the API and polled every few seconds so that everyone sees the standings
// change. Pairings and standings are the server's; nothing is computed here.
// Every piece of user text is set with textContent, never as HTML.
"use strict";

(function () {
  const { el, store, api } = mancala;
  const page = mancala.jsonOf("tournament-data");
  const t = mancala.makeT(mancala.jsonOf("tournament-i18n"));
  const errorText = (error) => mancala.errorText(t, error);
  const POLL_MS = 3000;

  function field(label, input) {
    return el("label", {}, el("span", { text: label }), input);
  }
  function number(x) {
    return Number.isInteger(x) ? String(x) : x.toFixed(2).replace(/0$/, "");
  }
  const alertBox = el("p", { class: "error", role: "alert" });
  function showError(error) { alertBox.textContent = error ? errorText(error) : ""; }

  // Sign in or register (an organiser needs an account; players do not).
  const accountForm = (onDone) => mancala.accountForm({
    lead: t("t.sign-in-first"), name: t("acc.name"), password: t("acc.password"),
    signIn: t("acc.sign-in"), register: t("acc.register"),
  }, onDone, showError);

  // ---------------------------------------------------------------- the list
  async function listPage() {
    const root = document.getElementById("tournaments");
    // Who is signed in came with the page (a guest's console stays free of
    // a refused request); signing in here tells it again.
    let me = page.signed_in ? { name: page.signed_in } : null;
    async function draw() {
      const list = await api("GET", "/api/tournaments");
      const items = list.length
        ? el("ul", { class: "tournament-list" }, ...list.map((x) => el("li", {},
            el("a", { href: "/tournaments/" + encodeURIComponent(x.id), text: x.name }),
            " · " + x.game_name + " · " + t("sys." + x.system) + " · " + t("t.players-count", { n: x.players }) +
            " · " + t("st." + (x.status === "playing" ? "under-way" : x.status)))))
        : el("p", { text: t("t.none") });
      const create = me ? createForm(me) : accountForm((who) => { me = who; draw(); });
      root.replaceChildren(alertBox, el("h2", { text: t("t.title") }), items, el("h2", { text: t("t.create") }), create);
    }
    await draw();
  }

  function createForm(me) {
    const name = el("input", { name: "name", required: true, maxlength: 40 });
    const game = el("select", { name: "game" }, ...page.games.map((g) => el("option", { value: g.id, text: g.name })));
    const system = el("select", { name: "system" },
      ...["swiss", "round_robin", "knockout"].map((s) => el("option", { value: s, text: t("sys." + s) })));
    const rounds = el("input", { name: "rounds", type: "number", min: 1, max: 20, value: 3, inputmode: "numeric" });
    const roundsField = field(t("t.rounds"), rounds);
    const format = el("select", { name: "format" },
      el("option", { value: "game", text: t("fmt.game") }), el("option", { value: "match", text: t("fmt.match") }));
    const play = el("select", { name: "play" },
      el("option", { value: "online", text: t("play.online") }), el("option", { value: "board", text: t("play.board") }));
    const clock = el("input", { name: "clock", type: "number", min: 1, max: 180, inputmode: "numeric" });
    const starts = el("input", { name: "starts", type: "datetime-local" });
    function sync() {
      roundsField.hidden = system.value !== "swiss";
      const hasMatch = page.games.find((g) => g.id === game.value);
      format.options[1].disabled = !(hasMatch && hasMatch.match);
      if (format.options[1].disabled) format.value = "game";
    }
    system.addEventListener("change", sync);
    game.addEventListener("change", sync);
    sync();
    const form = el("form", { class: "form", id: "create-form", onsubmit: async (e) => {
      e.preventDefault();
      const body = { name: name.value, game: game.value, system: system.value, format: format.value, play: play.value };
      if (system.value === "swiss") body.rounds = Number(rounds.value);
      if (clock.value) body.clock_seconds = Math.round(Number(clock.value) * 60);
      if (starts.value) body.starts = Math.floor(new Date(starts.value).getTime() / 1000);
      try {
        const made = await api("POST", "/api/tournaments", body);
        location.href = "/tournaments/" + made.id;
      } catch (error) { showError(error); }
    } },
      el("p", { class: "note", text: t("acc.signed-in", { name: me.name }) }),
      field(t("t.name"), name), field(t("t.game"), game), field(t("t.system"), system), roundsField,
      field(t("t.format"), format), field(t("t.play"), play), field(t("t.clock"), clock), field(t("t.starts"), starts),
      el("p", {}, el("button", { class: "button", type: "submit", text: t("t.submit") })));
    return form;
  }

  // ---------------------------------------------------------- a tournament
  function tournamentPage() {
    const root = document.getElementById("tournament");
    const id = page.id;
    const base = "/api/tournaments/" + encodeURIComponent(id);
    // The join form stays in place between redraws, so typing is not lost.
    const nameInput = el("input", { id: "join-name", name: "name", maxlength: 20, autocomplete: "nickname" });
    const nameField = field(t("t.your-name"), nameInput);
    const joinForm = el("form", { class: "form", id: "join-form", onsubmit: async (e) => {
      e.preventDefault();
      try {
        await api("POST", base + "/join", { name: nameInput.value });
        showError(null);
        await refresh(true);
      } catch (error) { showError(error); }
    } }, nameField, el("p", {}, el("button", { class: "button", type: "submit", text: t("t.join") })));
    const live = el("div", { id: "tournament-live" });
    root.replaceChildren(alertBox, joinForm, live);
    let shown = "";

    async function act(path, body) {
      try {
        await api("POST", base + path, body);
        showError(null);
        await refresh(true);
      } catch (error) { showError(error); }
    }

    // The page of the game finds the seat where `app.js` keeps seats.
    function keepSeat(seat) {
      store.set("mancala.seat." + seat.game, { token: seat.token, side: seat.side });
    }

    function playLink(seat) {
      return el("a", { class: "button", href: "/g/" + seat.game, "data-game": seat.game, onclick: () => keepSeat(seat), text: t("t.play-game") + " (" + t("t.board") + " " + seat.board + ")" });
    }

    function resultText(data, board) {
      if (board.second === null) return t("t.bye");
      if (!board.result) return t("res.none");
      const text = board.result === "draw" ? t("res.draw")
        : t("res.first", { name: board.result === "first" ? board.first : board.second });
      return board.entered ? text + " " + t("res.entered") : text;
    }

    function roundTable(data, round) {
      const organiser = data.you.organiser;
      const rows = round.boards.map((b) => {
        const pairing = b.second === null ? b.first : b.first + " – " + b.second;
        const cells = [
          el("td", { text: String(b.board) }),
          el("td", {}, pairing, b.url ? el("span", {}, " ", el("a", { href: "/g/" + b.game, text: t("t.watch") })) : null),
          el("td", { class: "result-cell", text: resultText(data, b) }),
        ];
        if (organiser && b.second !== null && (round.number === data.rounds.length || data.system !== "knockout")) {
          const select = el("select", { id: "result-" + round.number + "-" + b.board, "aria-label": t("t.result") + ", " + t("t.round", { n: round.number }) + ", " + t("t.board") + " " + b.board },
            el("option", { value: "", text: t("t.choose") }),
            el("option", { value: "first", text: t("res.first", { name: b.first }) }),
            el("option", { value: "draw", text: t("res.draw") }),
            el("option", { value: "second", text: t("res.first", { name: b.second }) }));
          cells.push(el("td", {}, select, " ", el("button", { class: "button secondary", type: "button", text: t("t.enter"), onclick: () => {
            if (select.value) act("/result", { round: round.number, board: b.board, result: select.value });
          } })));
        }
        return el("tr", {}, ...cells);
      });
      const head = [t("t.board"), t("t.pairing"), t("t.result")].map((h) => el("th", { scope: "col", text: h }));
      if (organiser) head.push(el("th", { scope: "col", text: t("t.enter") }));
      return el("section", { class: "round", "data-round": round.number },
        el("h3", { text: t("t.round", { n: round.number }) }),
        el("div", { class: "scroll" }, el("table", { class: "pairings" }, el("thead", {}, el("tr", {}, ...head)), el("tbody", {}, ...rows))));
    }

    function standingsTable(data) {
      const head = ["col.rank", "col.player", "col.points", "col.buchholz", "col.sb", "col.wins", "col.played"]
        .map((k) => el("th", { scope: "col", text: t(k) }));
      const rows = data.standings.map((s) => el("tr", { "data-player": s.name },
        el("td", { text: String(s.rank) }),
        el("th", { scope: "row", text: s.name + (s.withdrawn ? " (" + t("t.withdrawn") + ")" : "") }),
        el("td", { class: "points", text: number(s.points) }),
        el("td", { class: "buchholz", text: number(s.buchholz) }),
        el("td", { class: "sb", text: number(s.sonneborn_berger) }),
        el("td", { text: String(s.wins) }),
        el("td", { text: String(s.played) })));
      return el("section", { id: "standings" },
        el("h2", { text: t("t.standings") }),
        el("div", { class: "scroll" }, el("table", { class: "standings" }, el("thead", {}, el("tr", {}, ...head)), el("tbody", {}, ...rows))),
        el("p", { class: "note", text: t("t.tiebreaks") }));
    }

    // The join link for the organiser to hand out: copy it, or let the
    // class scan its QR code (drawn by the server, see qr.svg).
    const copied = el("span", { id: "share-copied", role: "status" });
    function shareBox(data) {
      const input = el("input", { id: "share-link", class: "invite", readonly: true, value: data.url });
      const copy = el("button", { class: "button secondary", id: "share-copy", type: "button", text: t("t.copy"), onclick: async () => {
        try {
          await navigator.clipboard.writeText(data.url);
        } catch (e) {
          // No clipboard API (a page over plain http on the network):
          // select the link and copy it the old way.
          input.select();
          document.execCommand("copy");
        }
        copied.textContent = t("t.copied");
      } });
      return el("div", { class: "notice share" },
        el("label", { for: "share-link", text: t("t.share") }), " ", input, " ", copy, " ", copied,
        el("img", { class: "qr", id: "share-qr", src: "/tournaments/" + encodeURIComponent(id) + "/qr.svg", alt: t("t.qr-alt"), width: 240, height: 240 }));
    }

    function draw(data) {
      const you = data.you;
      const lastRound = data.rounds[data.rounds.length - 1];
      const roundDone = !lastRound || lastRound.boards.every((b) => b.second === null || b.result);
      const status = data.status === "registering" ? t("st.registering")
        : data.status === "finished" ? t("st.finished")
        : t("st.playing", { n: data.rounds.length, total: data.rounds_total ?? "?" });
      const parts = [
        el("p", { class: "status", id: "tournament-status", text: status }),
        data.organiser ? el("p", { class: "note", text: t("t.organiser", { name: data.organiser }) }) : null,
        data.starts && data.status === "registering"
          ? el("p", { class: "note", text: t("t.starts-at", { time: new Date(data.starts * 1000).toLocaleString(document.documentElement.lang || undefined) }) })
          : null,
        data.winner ? el("p", { class: "result", text: t("t.winner", { name: data.winner }) }) : null,
      ];
      if (you.number) parts.push(el("p", { class: "notice", id: "you", text: t("t.joined", { number: you.number, name: you.name }) }));
      const seats = you.seats.filter((s) => !s.done);
      if (seats.length) parts.push(el("p", { class: "seats" }, ...seats.map(playLink)));
      if (you.organiser) {
        parts.push(shareBox(data));
        if (data.status !== "finished" && roundDone) {
          parts.push(el("p", {}, el("button", { class: "button", id: "start-round", type: "button",
            text: t("t.start-round", { n: data.rounds.length + 1 }), onclick: () => act("/start-round") })));
        }
      }
      // The standings first: they are what everyone comes back for.
      if (data.rounds.length) parts.push(standingsTable(data));
      for (const round of data.rounds.slice().reverse()) parts.push(roundTable(data, round));
      const players = data.players.map((p) => el("li", {}, p.name + (p.withdrawn ? " (" + t("t.withdrawn") + ")" : ""),
        you.organiser && !p.withdrawn && (data.status === "registering" || data.system === "swiss")
          ? el("span", {}, " ", el("button", { class: "linklike", type: "button", text: t("t.remove", { name: p.name }),
              onclick: () => act("/remove", { player: p.number }) }))
          : null));
      parts.push(el("section", {}, el("h2", { text: t("t.players") + " (" + data.players.length + ")" }), el("ol", { class: "players" }, ...players)));
      // Keep the focus where it was (a redraw replaces the controls).
      const focused = document.activeElement && document.activeElement.id;
      const values = {};
      live.querySelectorAll("select[id]").forEach((s) => { values[s.id] = s.value; });
      live.replaceChildren(...parts.filter(Boolean));
      live.querySelectorAll("select[id]").forEach((s) => { if (values[s.id]) s.value = values[s.id]; });
      if (focused) { const again = document.getElementById(focused); if (again) again.focus(); }
      joinForm.hidden = !(data.status === "registering" && !you.number);
      nameField.hidden = Boolean(you.signed_in);
    }

    // A player on this page when a round starts is taken to their game
    // (the open seats at the last look, null before the first).
    let seenSeats = null;
    function followNewRound(data) {
      const open = ((data.you && data.you.seats) || []).filter((s) => !s.done);
      const before = seenSeats;
      seenSeats = new Set(open.map((s) => s.game));
      const fresh = before && open.find((s) => !before.has(s.game));
      if (!fresh) return false;
      keepSeat(fresh);
      location.href = "/g/" + fresh.game;
      return true;
    }

    // Each look at the tournament takes a ticket: an answer older than the
    // one drawn (a poll sent before a change and answered after the look
    // that follows it) is dropped, so the page never goes back in time.
    let asked = 0;
    let drawnTicket = 0;

    async function refresh(force) {
      const ticket = ++asked;
      const data = await api("GET", base);
      if (ticket < drawnTicket) return;
      drawnTicket = ticket;
      if (followNewRound(data)) return;
      const text = JSON.stringify(data);
      if (force || text !== shown) {
        shown = text;
        draw(data);
      }
    }

    async function poll() {
      try { await refresh(false); } catch (error) { showError(error); }
      setTimeout(poll, POLL_MS);
    }
    poll();
  }

  if (page.page === "list") listPage().catch(showError);
  if (page.page === "tournament") tournamentPage();
})();
