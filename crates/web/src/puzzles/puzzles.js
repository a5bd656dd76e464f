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
  const [boardEl, statusEl, hintButton, playerEl, solutionEl, lineEl, ratingEl] = mancala.byIds(
    "puzzle-board", "puzzle-status", "puzzle-hint", "puzzle-player", "puzzle-solution", "puzzle-line", "puzzle-rating");
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

  // The board component of every page (common.js), the solver's row at
  // the bottom.
  function draw(s) {
    state = s;
    const mine = !over && !busy && s.to_move === puzzle.solver;
    boardEl.replaceChildren(mancala.board({
      n: page.pits, counts: s.board, captured: s.captured, bottom: puzzle.solver,
      label: t("pz.board"), storeWord: t("pz.store-word"),
      storeLabel: (side, count) => t("pz.store", { side: sideName(side), n: count }),
      pit: (i, letter) => {
        const legal = mine && s.legal.includes(letter);
        return {
          button: true,
          classes: [legal ? "legal" : null, hinted === letter && mine ? "hinted" : null].filter(Boolean),
          attrs: { disabled: !legal, "aria-label": t("pz.pit", { pit: letter, n: s.board[i] }), onclick: () => play(letter) },
        };
      },
    }));
  }

  function say(text) { statusEl.textContent = text; }

  function showPlayer(info) {
    if (info) {
      playerEl.textContent = t("pz.your-rating", { r: info.rating.rating }) + (info.attempted ? " " + t("pz.already") : "");
    } else {
      playerEl.textContent = t("pz.streak", { n: streak() }) + ". " + t("pz.guest");
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
    // The solution, step by step: numbered as the site's move lists, each
    // step a button that shows its position (the one shown is marked).
    const sol = result.solution;
    lineEl.replaceChildren();
    const start = puzzle.state;
    const step = (li, text, shows, ply) => {
      const button = el("button", { type: "button", class: "tree-move", "data-ply": ply, text, onclick: () => {
        lineEl.querySelectorAll("button").forEach((b) => { b.classList.remove("current"); b.removeAttribute("aria-current"); });
        button.classList.add("current");
        button.setAttribute("aria-current", "true");
        draw(shows);
      } });
      li.append(button);
      lineEl.append(li);
    };
    step(el("li", { class: "start" }), t("pz.start"), start, "0");
    sol.moves.forEach((m, i) => {
      const before = i === 0 ? start : sol.states[i - 1];
      const solver = before.to_move === puzzle.solver;
      step(el("li", { class: solver ? "solver" : "defence" }), m, sol.states[i], String(i + 1));
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
