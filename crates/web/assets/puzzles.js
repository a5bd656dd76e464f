// The puzzle page: draws the puzzle's position from the API's state, sends
// the solver's moves, shows the defence's replies, the hint and, once the
// attempt is over, the solution with each position. No rules here: the
// server checks every move. User-visible text is set with textContent.
"use strict";

(function () {
  const page = mancala.jsonOf("puzzle-data");
  if (!page) return;
  const { el, store, api } = mancala;
  const t = mancala.makeT(page.texts);
  const boardEl = document.getElementById("puzzle-board");
  const statusEl = document.getElementById("puzzle-status");
  const hintButton = document.getElementById("puzzle-hint");
  const playerEl = document.getElementById("puzzle-player");
  const solutionEl = document.getElementById("puzzle-solution");
  const lineEl = document.getElementById("puzzle-line");
  const ratingEl = document.getElementById("puzzle-rating");
  const STREAK = "mancala-puzzle-streak";

  function streak() { return Number(store.get(STREAK)) || 0; }
  function setStreak(n) { store.set(STREAK, n); }

  let puzzle = null;
  let played = [];     // letters since the puzzle's position
  let state = null;    // the state shown
  let over = false;
  let busy = false;
  let hinted = null;

  const letterOf = (i) => mancala.pitLetter(i, page.pits);
  function sideName(side) { return t("side." + side); }

  function draw(s) {
    state = s;
    const n = page.pits;
    const mine = !over && !busy && s.to_move === puzzle.solver;
    boardEl.replaceChildren();
    const store = (side, cls) => el("div", { class: "store " + side + "-store " + cls, "aria-label": t("pz.store", { side: sideName(side), n: s.captured[side === "south" ? 0 : 1] }) },
      el("span", { class: "count", text: String(s.captured[side === "south" ? 0 : 1]) }));
    const pit = (i) => {
      const letter = letterOf(i);
      const legal = mine && s.legal.includes(letter);
      const button = el("button", {
        type: "button",
        class: "pit" + (legal ? " legal" : "") + (hinted === letter && mine ? " hinted" : ""),
        "data-pit": letter,
        disabled: !legal,
        "aria-label": t("pz.pit", { pit: letter, n: s.board[i] }),
        onclick: () => play(letter),
      }, el("span", { class: "hole", "data-seeds": String(s.board[i]) }),
        el("span", { class: "label" }, el("span", { class: "letter", text: letter }), el("span", { class: "count", text: String(s.board[i]) })));
      return button;
    };
    const far = el("div", { class: "row north far" });
    for (let i = 2 * n - 1; i >= n; i--) far.append(pit(i));
    const near = el("div", { class: "row south near" });
    for (let i = 0; i < n; i++) near.append(pit(i));
    boardEl.append(store("north", "top-store"), far, near, store("south", "bottom-store"));
  }

  function say(text) { statusEl.textContent = text; }

  function showPlayer(info) {
    if (info) {
      playerEl.textContent = t("pz.your-rating", { r: info.rating.rating }) + (info.attempted ? " " + t("pz.already") : "");
    } else {
      playerEl.textContent = t("pz.streak", { n: streak() }) + " " + t("pz.guest");
    }
  }

  function finish(result) {
    over = true;
    hintButton.disabled = true;
    if (result.rating && result.rating.player) {
      const r = result.rating;
      playerEl.textContent = t("pz.change", { before: r.player.before.rating, after: r.player.after.rating, pbefore: r.puzzle.before.rating, pafter: r.puzzle.after.rating });
      ratingEl.textContent = t("pz.rating", { r: r.puzzle.after.rating });
    } else if (!puzzle.player) {
      setStreak(result.solved ? streak() + 1 : 0);
      showPlayer(null);
    }
    const sol = result.solution;
    lineEl.replaceChildren();
    const start = puzzle.state;
    lineEl.append(el("li", { class: "start" }, el("button", { type: "button", text: t("pz.start"), onclick: () => draw(start) })));
    sol.moves.forEach((m, i) => {
      lineEl.append(el("li", {}, el("button", { type: "button", "data-ply": String(i + 1), text: m, onclick: () => draw(sol.states[i]) })));
    });
    solutionEl.hidden = false;
    draw(state);
  }

  async function play(letter) {
    if (over || busy || !state || state.to_move !== puzzle.solver || !state.legal.includes(letter)) return;
    busy = true;
    hinted = null;
    draw(state);
    try {
      const result = await api("POST", "/api/puzzles/" + encodeURIComponent(page.id) + "/moves", { moves: played.concat([letter]) });
      played.push(letter);
      if (result.reply) played.push(...result.reply);
      busy = false;
      draw(result.states[result.states.length - 1]);
      if (!result.correct) {
        say(t("pz.wrong", { move: letter }));
        finish(result);
      } else if (result.solved) {
        say(t("pz.solved"));
        finish(result);
      } else {
        say(t("pz.right", { reply: (result.reply || []).join(" ") }) + " " + t("pz.your-move"));
      }
    } catch (e) {
      busy = false;
      draw(state);
      say(t("pz.error", { message: e.message }));
    }
  }

  async function hint() {
    if (over || busy) return;
    try {
      const result = await api("POST", "/api/puzzles/" + encodeURIComponent(page.id) + "/hint", { moves: played });
      hinted = result.pit;
      say(t("pz.hint-is", { pit: result.pit }));
      if (result.rating && result.rating.player) {
        playerEl.textContent = t("pz.change", { before: result.rating.player.before.rating, after: result.rating.player.after.rating, pbefore: result.rating.puzzle.before.rating, pafter: result.rating.puzzle.after.rating });
      } else if (!puzzle.player) {
        setStreak(0);
        showPlayer(null);
      }
      draw(state);
      const target = boardEl.querySelector('[data-pit="' + result.pit + '"]');
      if (target) target.focus();
    } catch (e) {
      say(t("pz.error", { message: e.message }));
    }
  }

  hintButton.addEventListener("click", hint);
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA") return;
    if (event.key === "?") { event.preventDefault(); hint(); return; }
    if (/^[a-zA-Z]$/.test(event.key) && state && state.legal.includes(event.key)) {
      event.preventDefault();
      play(event.key);
    }
  });

  api("GET", "/api/puzzles/" + encodeURIComponent(page.id)).then((p) => {
    puzzle = p;
    showPlayer(p.player);
    draw(p.state);
    say(t("pz.your-move"));
    boardEl.dataset.ready = "true";
  }).catch((e) => say(t("pz.error", { message: e.message })));
})();
