// The classes' pages: a teacher's classes (and the form to make one), the
// pupils' join page (join with a first name, pick your name on a shared
// computer, or sign in with a pupil code; then wait there for the class
// tournament), and the teacher's class page (code, link, QR code, roster,
// the class tournament). Everything comes from the API (api.rs);
// every piece of user text is set with textContent, never as HTML.
"use strict";

(function () {
  const { el, store, api } = mancala;
  const page = mancala.jsonOf("classes-data");
  const t = mancala.makeT(mancala.jsonOf("classes-i18n"));
  const root = document.getElementById("classes");
  if (!page || !root) return;
  const errorText = (error) => mancala.errorText(t, error);
  const alertBox = el("p", { class: "error", role: "alert" });
  const showError = (error) => { alertBox.textContent = error ? errorText(error) : ""; };
  const field = (label, input) => el("label", {}, el("span", { text: label }), input);
  const gameName = (id) => ((page.games || []).find((g) => g.id === id) || { name: id }).name;

  // The pupils who joined on this device, for a shared school computer:
  // [{code: class code, name, pupil: pupil code}], newest last.
  const DEVICE_KEY = "mancala.pupils";
  function devicePupils() {
    const list = store.get(DEVICE_KEY);
    return Array.isArray(list) ? list.filter((p) => p && p.code && p.name && p.pupil) : [];
  }
  function rememberPupil(classCode, name, pupilCode) {
    const list = devicePupils().filter((p) => !(p.code === classCode && p.name === name));
    list.push({ code: classCode, name, pupil: pupilCode });
    store.set(DEVICE_KEY, list.slice(-60));
  }
  function forgetPupil(pupilCode) {
    store.set(DEVICE_KEY, devicePupils().filter((p) => p.pupil !== pupilCode));
  }

  function ago(seconds) {
    const s = Math.max(0, Math.floor(Date.now() / 1000) - seconds);
    if (s < 90) return t("cl.just-now");
    if (s < 5400) return t("cl.minutes-ago", { n: Math.round(s / 60) });
    if (s < 86400 * 2) return t("cl.hours-ago", { n: Math.round(s / 3600) });
    return t("cl.days-ago", { n: Math.round(s / 86400) });
  }

  // ------------------------------------------------------------ the list
  function codeForm() {
    const input = el("input", { name: "code", required: true, maxlength: 16, autocomplete: "off",
      autocapitalize: "characters", spellcheck: "false", class: "code-input" });
    return el("form", { class: "form", id: "code-form", method: "get", action: "/classes/join" },
      el("h2", { text: t("cl.join-title") }),
      field(t("cl.code"), input),
      el("p", {}, el("button", { class: "button", type: "submit", text: t("cl.join") })));
  }

  const accountForm = (onDone) => mancala.accountForm({
    title: t("cl.mine"), lead: t("cl.sign-in-first"), name: t("cl.account"), password: t("cl.password"),
    signIn: t("cl.account-sign-in"), register: t("cl.register"),
  }, onDone, showError);

  function createForm(onMade) {
    const name = el("input", { name: "class-name", required: true, maxlength: 40 });
    const game = el("select", { name: "game" }, ...(page.games || []).map((g) =>
      el("option", { value: g.id, selected: g.id === "wahree", text: g.name })));
    return el("form", { class: "form", id: "class-form", onsubmit: async (e) => {
      e.preventDefault();
      try {
        const made = await api("POST", "/api/classes", { name: name.value.trim(), game: game.value });
        showError(null);
        onMade(made);
      } catch (error) { showError(error); }
    } },
      el("h2", { text: t("cl.create") }),
      field(t("cl.name"), name),
      field(t("cl.game"), game),
      el("p", {}, el("button", { class: "button", type: "submit", text: t("cl.make") })));
  }

  async function listPage() {
    if (page.pupil) {
      root.replaceChildren(
        el("p", { text: t("cl.pupil-account", { class: page.pupil.class }) }),
        el("p", {}, el("a", { class: "button", href: "/classes/join/" + encodeURIComponent(page.pupil.code), text: t("cl.to-class") })));
      return;
    }
    let me = page.signed_in;
    async function draw() {
      const parts = [alertBox, codeForm()];
      if (me) {
        const classes = await api("GET", "/api/classes");
        parts.push(el("h2", { text: t("cl.mine") }),
          classes.length
            ? el("ul", { class: "class-list" }, ...classes.map((c) => el("li", {},
                el("a", { href: "/classes/" + encodeURIComponent(c.id), text: c.name }),
                " · " + gameName(c.game) + " · " + t("cl.pupils-count", { n: c.pupils }) + " · " + t("cl.code") + " ",
                el("strong", { class: "class-code", text: c.code }))))
            : el("p", { text: t("cl.none") }),
          createForm((made) => { location.href = "/classes/" + encodeURIComponent(made.id); }));
      } else {
        parts.push(accountForm((who) => { me = who.name; draw().catch(showError); }));
      }
      root.replaceChildren(...parts);
    }
    await draw();
  }

  // ------------------------------------------------------ the pupils' page
  async function joinPage() {
    let mine = null;
    let firstTournament;
    let poll = null;

    async function whoAmI() {
      try {
        const seat = await api("GET", "/api/classes/mine");
        return seat.class && seat.class.url && seat.class.url.endsWith("/classes/join/" + page.code) ? seat : null;
      } catch (e) { return null; }
    }

    function signedIn(seat) {
      mine = seat;
      rememberPupil(page.code, seat.pupil.name, seat.pupil.code);
      if (firstTournament === undefined) firstTournament = seat.tournament ? seat.tournament.id : null;
      drawPupil();
      if (!poll) poll = setInterval(check, 4000);
    }

    async function check() {
      const seat = await whoAmI();
      if (!seat) { clearInterval(poll); poll = null; mine = null; drawChooser(); return; }
      mine = seat;
      const now = seat.tournament ? seat.tournament.id : null;
      if (now && now !== firstTournament) location.href = seat.tournament.url;
      else drawPupil();
    }

    function drawPupil() {
      const game = encodeURIComponent(page.game);
      const tournament = mine.tournament
        ? el("p", {}, t("cl.latest") + ": ", el("a", { href: mine.tournament.url, text: t("cl.open-tournament") }))
        : null;
      root.replaceChildren(...[alertBox,
        el("h2", { class: "pupil-hello", text: t("cl.hello", { name: mine.pupil.name }) }),
        el("p", { text: t("cl.in-class", { class: mine.class.name }) }),
        el("p", {}, t("cl.your-code", { code: "" }).trim() + " ", el("code", { class: "pupil-code", text: mine.pupil.code })),
        el("p", { class: "pupil-links" },
          el("a", { class: "button", href: "/learn/" + game, text: t("cl.learn") }), " ",
          el("a", { class: "button", href: "/puzzles?game=" + game, text: t("cl.puzzles") }), " ",
          el("a", { class: "button", href: "/new?game=" + game, text: t("cl.play") })),
        el("p", { class: "waiting", role: "status", text: t("cl.waiting") }),
        tournament,
        el("p", {}, el("button", { class: "button secondary", type: "button", id: "switch-pupil", text: t("cl.switch"), onclick: async () => {
          try { await api("DELETE", "/api/session"); } catch (e) { /* signed out already */ }
          clearInterval(poll); poll = null; mine = null; firstTournament = undefined;
          drawChooser();
        } }))].filter(Boolean));
    }

    async function signInWith(pupilCode) {
      try {
        const seat = await api("POST", "/api/classes/sign-in", { code: pupilCode });
        showError(null);
        const full = await whoAmI();
        signedIn(full || seat);
      } catch (error) {
        if (error.code === "unknown_code") forgetPupil(pupilCode);
        showError(error);
        drawChooser();
      }
    }

    function drawChooser() {
      const known = devicePupils().filter((p) => p.code === page.code)
        .sort((a, b) => a.name.localeCompare(b.name));
      const parts = [alertBox];
      if (known.length) {
        parts.push(el("h2", { text: t("cl.who") }), el("p", { text: t("cl.who-lead") }),
          el("ul", { class: "pupil-picker" }, ...known.map((p) => el("li", {},
            el("button", { class: "button pupil-name", type: "button", text: p.name, onclick: () => signInWith(p.pupil) })))));
      }
      if (page.signed_in) parts.push(el("p", { class: "note", text: t("cl.other-class", { account: page.signed_in }) }));
      const first = el("input", { name: "first-name", required: true, maxlength: 20, autocomplete: "given-name" });
      parts.push(el("form", { class: "form", id: "join-form", onsubmit: async (e) => {
        e.preventDefault();
        try {
          const seat = await api("POST", "/api/classes/join", { code: page.code, name: first.value });
          showError(null);
          page.signed_in = null;
          const full = await whoAmI();
          signedIn(full || seat);
        } catch (error) { showError(error); }
      } },
        el("h2", { text: t("cl.new-pupil") }),
        field(t("cl.first-name"), first),
        el("p", {}, el("button", { class: "button", type: "submit", text: t("cl.join-as") }))));
      const code = el("input", { name: "pupil-code", required: true, maxlength: 16, autocomplete: "off",
        autocapitalize: "characters", spellcheck: "false", class: "code-input" });
      parts.push(el("form", { class: "form", id: "pupil-code-form", onsubmit: (e) => { e.preventDefault(); signInWith(code.value); } },
        el("h2", { text: t("cl.other-device") }),
        field(t("cl.pupil-code"), code),
        el("p", {}, el("button", { class: "button secondary", type: "submit", text: t("cl.sign-in") }))));
      root.replaceChildren(...parts);
    }

    const seat = await whoAmI();
    if (seat) signedIn(seat);
    else drawChooser();
  }

  // ------------------------------------------------- the teacher's page
  async function classPage() {
    let cls = null;
    let copied = false;
    // The tournament form keeps its choices across refreshes of the roster.
    const chosen = new Map();
    const system = el("select", { name: "system" }, ...["round_robin", "swiss", "knockout"].map((s) =>
      el("option", { value: s, text: t("sys." + s) })));
    const rounds = el("input", { name: "rounds", type: "number", min: 1, max: 20, value: 3, inputmode: "numeric" });
    const rosterBox = el("div", { class: "roster" });
    const tournamentBox = el("div", { class: "class-tournament" });
    const headBox = el("div", { class: "class-head" });

    function drawHead() {
      const link = el("a", { href: cls.join_url, class: "join-link", text: cls.join_url });
      headBox.replaceChildren(
        el("h2", {}, cls.name + " · " + gameName(cls.game)),
        el("p", { text: t("cl.join-at", { site: location.origin }) }),
        el("p", { class: "class-code-big" }, el("span", { text: t("cl.code") + " " }), el("strong", { class: "class-code", text: cls.code })),
        el("p", {}, link, " ",
          el("button", { class: "button secondary", type: "button", text: copied ? t("cl.copied") : t("cl.copy"), onclick: async () => {
            try { await navigator.clipboard.writeText(cls.join_url); copied = true; drawHead(); } catch (e) { /* no clipboard: the link is there to select */ }
          } })),
        el("img", { class: "qr", src: cls.qr_url, alt: t("cl.qr"), width: 240, height: 240 }));
    }

    function gamesCell(p) {
      const cell = el("td", { "data-label": t("col.games") }, String(p.games));
      const recent = p.recent_games || [];
      if (recent.length) {
        cell.append(el("ul", { class: "recent-games" }, ...recent.map((g) => el("li", {},
          el("a", { href: g.url, text: t("cl.vs", { name: g.opponent }) }),
          " (" + t("res." + (g.result || "playing")) + ")"))));
      }
      return cell;
    }

    function drawRoster() {
      if (!cls.pupils.length) {
        rosterBox.replaceChildren(el("h2", { text: t("cl.roster") }), el("p", { text: t("cl.no-pupils") }));
        return;
      }
      const head = el("tr", {}, ...["col.name", "col.code", "col.lessons", "col.puzzles", "col.rating", "col.games", "col.seen", "col.actions"]
        .map((k) => el("th", { scope: "col", text: t(k) })));
      const rows = cls.pupils.map((p) => el("tr", { class: p.present ? "present" : null, "data-pupil": p.name },
        el("th", { scope: "row", "data-label": t("col.name") }, p.name, p.present ? el("span", { class: "here", text: " · " + t("cl.here") }) : null),
        el("td", { "data-label": t("col.code") }, el("code", { class: "pupil-code", text: p.code })),
        el("td", { "data-label": t("col.lessons"), text: String(p.lessons_done) }),
        el("td", { "data-label": t("col.puzzles"), text: String(p.puzzles_solved) }),
        el("td", { "data-label": t("col.rating"), text: p.rating === null ? "–" : String(p.rating) }),
        gamesCell(p),
        el("td", { "data-label": t("col.seen"), text: ago(p.last_seen) }),
        el("td", { "data-label": t("col.actions") },
          el("button", { class: "button secondary small", type: "button", text: t("cl.new-code"), onclick: async () => {
            if (!await mancala.ask({ text: t("cl.new-code-confirm", { name: p.name }), ok: t("cl.new-code"), cancel: t("cl.cancel") })) return;
            try { await api("POST", "/api/classes/" + encodeURIComponent(cls.id) + "/pupils/" + encodeURIComponent(p.name) + "/code"); showError(null); await refresh(); } catch (error) { showError(error); }
          } }), " ",
          el("button", { class: "button danger small", type: "button", text: t("cl.remove"), onclick: async () => {
            if (!await mancala.ask({ text: t("cl.remove-confirm", { name: p.name }), ok: t("cl.remove"), cancel: t("cl.cancel"), danger: true })) return;
            try { await api("DELETE", "/api/classes/" + encodeURIComponent(cls.id) + "/pupils/" + encodeURIComponent(p.name)); showError(null); chosen.delete(p.name); await refresh(); } catch (error) { showError(error); }
          } }))));
      rosterBox.replaceChildren(el("h2", { text: t("cl.roster") }),
        el("div", { class: "table-scroll" }, el("table", { class: "roster-table" }, el("thead", {}, head), el("tbody", {}, ...rows))));
    }

    function drawTournament() {
      const boxes = cls.pupils.map((p) => {
        if (!chosen.has(p.name) || (p.present && !chosen.get(p.name).touched)) chosen.set(p.name, { on: p.present, touched: false });
        const box = el("input", { type: "checkbox", name: "pupil", value: p.name, checked: chosen.get(p.name).on });
        box.addEventListener("change", () => chosen.set(p.name, { on: box.checked, touched: true }));
        return el("label", { class: "pupil-choice" }, box, " " + p.name);
      });
      const latest = cls.tournament
        ? el("p", {}, t("cl.latest") + ": ", el("a", { href: cls.tournament.url, text: t("cl.open-tournament") }))
        : null;
      const swiss = () => { rounds.disabled = system.value !== "swiss"; };
      system.onchange = swiss;
      swiss();
      tournamentBox.replaceChildren(el("h2", { text: t("cl.tournament") }),
        el("p", { text: t("cl.tournament-lead") }),
        el("form", { class: "form", id: "class-tournament-form", onsubmit: async (e) => {
          e.preventDefault();
          const pupils = cls.pupils.map((p) => p.name).filter((n) => chosen.get(n) && chosen.get(n).on);
          const body = { system: system.value, pupils };
          if (system.value === "swiss") body.rounds = Number(rounds.value);
          try {
            const made = await api("POST", "/api/classes/" + encodeURIComponent(cls.id) + "/tournament", body);
            location.href = "/tournaments/" + encodeURIComponent(made.id);
          } catch (error) { showError(error); }
        } },
          el("fieldset", { class: "pupil-choices" }, el("legend", { text: t("cl.roster") }), ...boxes),
          field(t("cl.system"), system),
          field(t("cl.rounds"), rounds),
          el("p", {}, el("button", { class: "button", type: "submit", text: t("cl.start") }))));
      if (latest) tournamentBox.append(latest);
    }

    async function refresh() {
      try {
        cls = await api("GET", "/api/classes/" + encodeURIComponent(page.id));
      } catch (error) {
        showError(error);
        root.replaceChildren(alertBox);
        return false;
      }
      if (!headBox.childNodes.length) drawHead();
      drawRoster();
      // The form is drawn again only when the roster's names change, so a
      // choice being made is not lost to a refresh.
      const names = cls.pupils.map((p) => p.name + (p.present ? "+" : "")).join("\n");
      if (tournamentBox.dataset.names !== names) {
        tournamentBox.dataset.names = names;
        drawTournament();
      }
      if (!root.contains(headBox)) root.replaceChildren(alertBox, headBox, rosterBox, tournamentBox);
      return true;
    }
    if (await refresh()) setInterval(refresh, 10000);
  }

  const pages = { list: listPage, join: joinPage, class: classPage };
  const run = pages[page.page];
  if (run) run().catch(showError);
  else root.replaceChildren();
})();
