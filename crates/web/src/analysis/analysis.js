// The analysis board. No rules here: the server checks every position and
// plays every move (/api/analysis/position) and values positions
// (/api/analysis/evaluate). This file keeps the tree of variations, draws
// the board and the editor, and keeps the current position in the address
// bar so that it can be shared. Text is set with textContent only.
"use strict";

(function () {
  const dataEl = document.getElementById("analysis-data");
  const root = document.getElementById("analysis");
  if (!dataEl || !root) return;
  const D = JSON.parse(dataEl.textContent);
  const { el } = mancala;
  const t = mancala.makeT(D.words);
  const n = D.pits;
  const lang = D.lang;

  const sideWord = (s) => t(s === "south" ? "analysis.south" : "analysis.north");
  const letter = (i) => mancala.pitLetter(i, n);

  // The analysis API: GET with the game and the language in the query.
  function api(path, params) {
    const q = new URLSearchParams(Object.assign({ game: D.game, lang }, params));
    return mancala.api("GET", path + "?" + q.toString());
  }

  // The tree: nodes {id, parent, move, view (the server's position), children}.
  let nodes = [];
  let current = null;
  let editing = false;
  let takeMode = false;
  let focusPit = 0;
  let draft = null; // {board, captured, toMove} while setting up
  let bottom = D.bottom === "north" ? "north" : "south"; // the row drawn at the bottom

  const status = el("p", { class: "analysis-status", role: "status", "aria-live": "polite" });
  const boardBox = el("div", { class: "analysis-board" });
  const controls = el("div", { class: "analysis-controls" });
  const editBox = el("div", { class: "analysis-editor", hidden: true });
  const engineBox = el("section", { class: "analysis-engine", "aria-live": "polite" },
    el("h2", { text: t("analysis.engine") }));
  const engineText = el("p", { class: "engine-value" });
  const engineLine = el("p", { class: "engine-line" });
  const dbText = el("p", { class: "database-result" });
  engineBox.append(dbText, engineText, engineLine);
  const treeBox = el("section", { class: "analysis-tree" }, el("h2", { text: t("analysis.moves") }));
  const treeList = el("div", { class: "tree" });
  treeBox.append(treeList);
  const explanation = el("p", { class: "analysis-explanation" });
  const share = el("a", { class: "share", href: location.href, text: t("analysis.share") });
  const keys = el("p", { class: "note keys-help", text: t("analysis.keys") });
  // Publishing the current position as a composition: the server proves
  // it first (POST /api/compositions) and publishes it only once proven.
  const publishStatus = el("p", { class: "publish-status", role: "status", "aria-live": "polite" });
  const titleInput = el("input", { type: "text", name: "title", maxlength: "80", required: true });
  const composerInput = el("input", { type: "text", name: "composer", maxlength: "40" });
  const commentInput = el("textarea", { name: "comment", maxlength: "1000", rows: "3" });
  const publishButton = el("button", { class: "button", type: "submit", text: t("analysis.publish-send") });
  const publishForm = el("form", { class: "publish-form" },
    el("label", {}, el("span", { text: t("analysis.publish-title") }), titleInput),
    el("label", {}, el("span", { text: t("analysis.publish-composer") }), composerInput),
    el("label", {}, el("span", { text: t("analysis.publish-comment") }), commentInput),
    el("p", {}, publishButton), publishStatus);
  const publishBox = el("details", { class: "analysis-publish" },
    el("summary", { text: t("analysis.publish") }),
    el("p", { class: "note", text: t("analysis.publish-intro") }), publishForm);
  publishForm.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!current || editing) { publishStatus.textContent = t("analysis.publish-editing"); return; }
    publishButton.disabled = true;
    publishStatus.textContent = t("analysis.publish-proving");
    mancala.api("POST", "/api/compositions", {
      game: D.game,
      position: current.view.position,
      title: titleInput.value,
      composer: composerInput.value,
      comment: commentInput.value,
    })
      .then((r) => {
        publishStatus.textContent = t(r.unique ? "analysis.publish-done-unique" : "analysis.publish-done",
          { value: t("analysis.value-" + r.value), moves: r.keeping.join(" ") }) + " ";
        publishStatus.append(el("a", { href: r.url, class: "composition-link", text: t("analysis.publish-open") }));
      })
      .catch((err) => {
        publishStatus.textContent = err && err.code === "already_published" && err.id
          ? t("analysis.publish-exists") + " "
          : t("analysis.publish-failed", { message: (err && err.message) || String(err) });
        if (err && err.code === "already_published" && err.id) {
          publishStatus.append(el("a", { href: "/compositions/" + err.id, class: "composition-link", text: t("analysis.publish-open") }));
        }
      })
      .finally(() => { publishButton.disabled = false; });
  });

  root.textContent = "";
  root.append(status, boardBox, controls, editBox, explanation, engineBox, treeBox, share, publishBox, keys);

  // Controls: set up / done, back, forward, to the root.
  const editButton = el("button", { class: "button secondary", type: "button", text: t("analysis.edit"),
    onclick: () => (editing ? finishEditing() : startEditing()) });
  const backButton = el("button", { class: "button secondary", type: "button", "aria-label": t("analysis.back"), text: "◀",
    onclick: () => current && current.parent !== null && select(nodes[current.parent]) });
  const forwardButton = el("button", { class: "button secondary", type: "button", "aria-label": t("analysis.forward"), text: "▶",
    onclick: () => current && current.children.length && select(nodes[current.children[0]]) });
  const rootButton = el("button", { class: "button secondary", type: "button", "aria-label": t("analysis.root"), text: "«",
    onclick: () => nodes.length && select(nodes[0]) });
  // Turning the board: the other row at the bottom (kept in the address).
  const flipButton = el("button", { class: "button secondary flip", type: "button", "aria-pressed": String(bottom === "north"), text: t("analysis.flip"),
    onclick: () => {
      bottom = bottom === "south" ? "north" : "south";
      flipButton.setAttribute("aria-pressed", String(bottom === "north"));
      if (current) select(current); else if (editing) drawEditor();
    } });
  controls.append(rootButton, backButton, forwardButton, editButton, flipButton);

  // The editor's own controls.
  const modeButton = el("button", { class: "button secondary", type: "button", "aria-pressed": "false",
    onclick: () => { takeMode = !takeMode; drawEditor(); } });
  const countText = el("p", { class: "seed-count", "aria-live": "polite" });
  const storeInputs = {};
  for (const side of ["south", "north"]) {
    storeInputs[side] = el("input", { type: "number", min: "0", max: String(D.total), inputmode: "numeric",
      oninput: () => { draft.captured[side === "south" ? 0 : 1] = Math.max(0, parseInt(storeInputs[side].value, 10) || 0); drawEditor(); } });
  }
  const toMoveSelect = el("select", { onchange: () => { draft.toMove = toMoveSelect.value; } },
    el("option", { value: "south", text: t("analysis.south") }), el("option", { value: "north", text: t("analysis.north") }));
  const clearButton = el("button", { class: "button secondary", type: "button", text: t("analysis.clear"),
    onclick: () => { draft.board = draft.board.map(() => 0); drawEditor(); } });
  const startButton = el("button", { class: "button secondary", type: "button", text: t("analysis.start"),
    onclick: () => { draft = parsePosition(D.start); drawEditor(); } });
  const editError = el("p", { class: "error", role: "alert", hidden: true });
  editBox.append(
    modeButton, countText,
    el("label", null, t("analysis.store", { side: t("analysis.south") }), storeInputs.south),
    el("label", null, t("analysis.store", { side: t("analysis.north") }), storeInputs.north),
    el("label", null, t("analysis.to-move"), toMoveSelect),
    clearButton, startButton, editError
  );

  function parsePosition(text) {
    const [board, caps, side] = text.trim().split(/\s+/);
    const [s, nn] = board.split("/");
    const [cs, cn] = caps.split("-");
    return {
      board: s.split(",").concat(nn.split(",")).map(Number),
      captured: [Number(cs), Number(cn)],
      toMove: side === "N" ? "north" : "south",
    };
  }
  function writePosition(p) {
    return p.board.slice(0, n).join(",") + "/" + p.board.slice(n).join(",") + " " +
      p.captured[0] + "-" + p.captured[1] + " " + (p.toMove === "north" ? "N" : "S");
  }

  // The board: the board component of every page (common.js), with the
  // row of `bottom` at the bottom (South's unless turned, or the player's
  // when opened from their game). Pits are buttons: one Tab stop (the
  // focused pit), arrows move between them as drawn.
  function drawBoard(view) {
    const board = editing ? draft.board : view.board;
    const captured = editing ? draft.captured : view.captured;
    const legal = editing ? [] : view.legal || [];
    boardBox.textContent = "";
    boardBox.append(mancala.board({
      n, counts: board, captured, bottom,
      label: editing ? t("analysis.edit") : D.name,
      storeWord: t("analysis.store-word"),
      storeLabel: (side, count) => t("analysis.store-seeds", { side: sideWord(side), n: count }),
      pit: (i, name) => {
        const playable = !editing && legal.includes(name);
        return {
          button: true,
          classes: playable ? ["legal"] : [],
          attrs: {
            tabindex: i === focusPit ? "0" : "-1",
            "aria-label": t("analysis.pit", { pit: name, n: board[i] }),
            "aria-disabled": !editing && !playable ? "true" : null,
            onclick: (e) => { focusPit = i; pitAction(i, e.shiftKey ? -1 : takeMode ? -1 : 1); },
            onkeydown: (e) => pitKey(e, i),
            onfocus: () => { focusPit = i; },
          },
        };
      },
    }));
  }

  function focusBoard() {
    const b = boardBox.querySelector('[data-pit="' + letter(focusPit) + '"]');
    if (b) b.focus();
  }

  function pitKey(e, i) {
    if (e.key.startsWith("Arrow") || e.key === "Home" || e.key === "End") {
      e.preventDefault();
      const target = mancala.pitTowards(e.currentTarget, e.key);
      if (target) {
        focusPit = [...Array(2 * n).keys()].find((k) => letter(k) === target.dataset.pit);
        drawCurrent();
        focusBoard();
      }
      return;
    }
    if (editing && (e.key === "+" || e.key === "=")) { e.preventDefault(); pitAction(i, 1); }
    if (editing && (e.key === "-" || e.key === "_")) { e.preventDefault(); pitAction(i, -1); }
  }

  function pitAction(i, delta) {
    if (editing) {
      draft.board[i] = Math.max(0, Math.min(255, draft.board[i] + delta));
      drawEditor();
      focusBoard();
      return;
    }
    if (!current || !current.view.legal.includes(letter(i))) return;
    play(letter(i));
  }

  function drawEditor() {
    drawBoard(null);
    modeButton.textContent = takeMode ? t("analysis.take") : t("analysis.add");
    modeButton.setAttribute("aria-pressed", takeMode ? "true" : "false");
    const onBoard = draft.board.reduce((a, b) => a + b, 0);
    const sum = onBoard + draft.captured[0] + draft.captured[1];
    countText.textContent = t("analysis.count", { n: sum, total: D.total });
    countText.classList.toggle("wrong", sum !== D.total || (D.fours && onBoard % 4 !== 0));
    storeInputs.south.value = String(draft.captured[0]);
    storeInputs.north.value = String(draft.captured[1]);
    toMoveSelect.value = draft.toMove;
    let problem = "";
    if (sum !== D.total) problem = t("analysis.total", { found: sum, expected: D.total });
    else if (D.fours && onBoard % 4 !== 0) problem = t("analysis.fours", { n: onBoard });
    editError.textContent = problem;
    editError.hidden = !problem;
  }

  function startEditing() {
    editing = true;
    // The engine's words were about the position left behind: cleared,
    // and an answer still on its way is dropped.
    evalToken += 1;
    engineText.textContent = "";
    engineLine.textContent = "";
    dbText.textContent = "";
    dbText.dataset.result = "";
    explanation.textContent = "";
    engineBox.hidden = true;
    draft = current ? parsePosition(current.view.position) : parsePosition(D.start);
    editButton.textContent = t("analysis.done");
    editBox.hidden = false;
    drawEditor();
    focusBoard();
  }

  function finishEditing() {
    const text = writePosition(draft);
    api("/api/analysis/position", { position: text })
      .then((view) => {
        editing = false;
        editButton.textContent = t("analysis.edit");
        editBox.hidden = true;
        newTree(view);
        focusBoard();
      })
      .catch((e) => { editError.textContent = e.message; editError.hidden = false; });
  }

  function newTree(view) {
    engineBox.hidden = false;
    nodes = [{ id: 0, parent: null, move: null, view, children: [] }];
    select(nodes[0]);
  }

  function play(move) {
    const from = current;
    const existing = from.children.map((c) => nodes[c]).find((c) => c.move === move);
    if (existing) { select(existing); focusBoard(); return; }
    api("/api/analysis/position", { position: from.view.position, move })
      .then((view) => {
        const node = { id: nodes.length, parent: from.id, move, view, children: [] };
        nodes.push(node);
        from.children.push(node.id);
        select(node);
        focusBoard();
      })
      .catch((e) => { status.textContent = e.message; });
  }

  let evalToken = 0;
  function select(node) {
    current = node;
    const url = new URL(location.href);
    url.searchParams.delete("from");
    url.searchParams.delete("ply");
    url.searchParams.set("game", D.game);
    url.searchParams.set("position", node.view.position);
    if (bottom === "north") url.searchParams.set("bottom", "north"); else url.searchParams.delete("bottom");
    history.replaceState(null, "", url.toString());
    share.href = url.toString();
    drawCurrent();
    drawTree();
    evaluate(node);
  }

  function drawCurrent() {
    if (editing) { drawEditor(); return; }
    const v = current.view;
    drawBoard(v);
    status.textContent = v.over
      ? t("analysis.over", { end: v.end || "" })
      : t("analysis.to-move") + ": " + sideWord(v.to_move);
    explanation.textContent = v.explanation || "";
  }

  function scoreText(south) {
    const s = south.seeds;
    if (south.result) {
      if (south.result === "draw") return t("analysis.proven-draw");
      const side = south.result === "win" ? "south" : "north";
      return t("analysis.proven", { side: sideWord(side), n: Math.abs(s) });
    }
    if (Math.abs(s) < 0.05) return t("analysis.even");
    return t("analysis.ahead", { side: sideWord(s > 0 ? "south" : "north"), n: Math.abs(s).toFixed(1) });
  }

  function evaluate(node) {
    const v = node.view;
    dbText.textContent = v.database ? v.database.text : t("analysis.no-database");
    dbText.dataset.result = v.database ? v.database.result : "";
    engineLine.textContent = "";
    if (v.over) { engineText.textContent = ""; return; }
    const token = ++evalToken;
    engineText.textContent = t("analysis.thinking");
    api("/api/analysis/evaluate", { position: v.position })
      .then((r) => {
        if (token !== evalToken) return;
        engineText.textContent = scoreText(r.south) + " (" + t("analysis.depth", { n: r.depth }) + ")";
        engineLine.textContent = r.line.length ? t("analysis.best") + ": " + r.line.join(" ") : "";
      })
      .catch((e) => {
        if (token !== evalToken) return;
        engineText.textContent = e.status === 429 ? t("analysis.busy") : e.message;
      });
  }

  // The tree as nested lists: the main line runs on, each other child
  // starts a variation (in brackets) under its move.
  function drawTree() {
    treeList.textContent = "";
    if (!nodes.length) return;
    treeList.append(line(nodes[0]));
  }
  function line(start) {
    const ol = el("ol", { class: "line" });
    let node = start;
    while (node.children.length) {
      const [main, ...others] = node.children.map((c) => nodes[c]);
      const li = el("li", null, moveButton(main));
      for (const other of others) li.append(el("div", { class: "variation" }, moveButton(other), line(other)));
      ol.append(li);
      node = main;
    }
    return ol;
  }
  function moveButton(node) {
    return el("button", {
      type: "button", class: "tree-move" + (node === current ? " current" : ""),
      "aria-current": node === current ? "true" : null, text: node.move,
      onclick: () => { select(node); },
    });
  }

  document.addEventListener("keydown", (e) => {
    if (editing || !current) return;
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const onPit = e.target && e.target.classList && e.target.classList.contains("pit");
    if (e.key === "Backspace" || (!onPit && e.key === "ArrowLeft")) {
      if (current.parent !== null) { e.preventDefault(); select(nodes[current.parent]); }
    } else if (!onPit && e.key === "ArrowRight") {
      if (current.children.length) { e.preventDefault(); select(nodes[current.children[0]]); }
    }
  });

  // Start: the position in the address (or the start), checked by the server.
  api("/api/analysis/position", D.position ? { position: D.position } : {})
    .then(newTree)
    .catch((e) => {
      status.textContent = e.message;
      draft = parsePosition(D.start);
      if (D.position) {
        try { draft = parsePosition(D.position); } catch (_) { /* keep the start */ }
      }
      nodes = [];
      current = null;
      startEditing();
      editError.textContent = e.message;
      editError.hidden = false;
    });
})();
