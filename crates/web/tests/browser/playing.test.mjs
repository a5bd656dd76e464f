// Playing with others, as a player sees it: the move list (looking back at
// an earlier position during a game, back to the game, a link to a move),
// the heading when the friend joins, the tab title on your turn, a declined
// offer told to the one who offered, an ending that names the player, a
// spectator taken on to the rematch, the sound switch, and the assets'
// caching headers.
import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  answerDialog, boardArray, browserTest, fastest, moves, newGame, playMove, sharedServerAndBrowser,
} from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("playing", (s, b) => { server = s; browser = b; });

const listed = (page, n) => page.waitForFunction((count) => document.querySelectorAll("#game .moves li").length === count, n);
const title = (page) => page.evaluate(() => document.title);

describe("playing", () => {
  browserTest("the move list shows earlier positions during a game and links to a move", () => browser, async (s) => {
    const page = await s.page();
    const id = await newGame(page, server.url, { game: "wahree", mode: "local", name: "Ann", opponent: "Ben" });
    await fastest(page);
    for (let i = 0; i < 6; i++) await playMove(page);
    const state = await server.state(id);
    const replay = await (await fetch(`${server.url}/api/games/${id}/replay`)).json();
    assert.deepEqual(await moves(page), state.moves);

    // Two columns: each move in its side's column, a number at each row.
    const items = await page.locator("#game .moves li").evaluateAll((nodes) => nodes.map((n) => ({
      side: n.classList.contains("south") ? "south" : "north",
      column: getComputedStyle(n).gridColumnStart,
      n: n.dataset.n || null,
    })));
    items.forEach((item, i) => {
      assert.equal(item.side, state.moves[i] === state.moves[i].toLowerCase() ? "south" : "north");
      assert.equal(item.column, item.side === "south" ? "2" : "3");
    });
    assert.deepEqual(items.filter((x) => x.n).map((x) => x.n), ["1.", "2.", "3."]);

    // Move 2: its position, the game still there underneath.
    await page.locator("#game .moves li[data-ply='2'] button").click();
    await page.locator("#game .status", { hasText: "You are looking at move 2 of 6" }).waitFor();
    assert.deepEqual(await boardArray(page), { board: replay.plies[2].board, captured: replay.plies[2].captured });
    assert.equal(await page.locator("#game button.pit.legal").count(), 0, "no move while looking back");
    assert.equal(await page.locator("#game .moves li.current").getAttribute("data-ply"), "2");
    assert.equal(await page.locator("#game .controls.back a").getAttribute("href"), `/replay/${id}#2`);
    assert.ok(page.url().endsWith(`/g/${id}`), "the game's page is not left");
    await page.locator("#game .back-to-game").click();
    await page.locator("#game button.pit.legal").first().waitFor();
    assert.deepEqual(await boardArray(page), { board: state.board, captured: state.captured });

    // Sound: off at first, one switch, remembered after a reload.
    const sound = page.locator("#game input[name=sound]");
    assert.equal(await sound.isChecked(), false);
    await sound.check();
    await page.reload();
    await page.locator("#game .board").waitFor();
    assert.equal(await page.locator("#game input[name=sound]").isChecked(), true);
    await fastest(page);
    await playMove(page); // with sound on: no error in the page
    await page.locator("#game input[name=sound]").uncheck();

    // /replay/ID#3 opens at move 3; moving on updates the address.
    await page.goto(`${server.url}/replay/${id}#3`);
    await page.locator("#game .status", { hasText: "Move 3 of 7" }).waitFor();
    assert.deepEqual(await boardArray(page), { board: replay.plies[3].board, captured: replay.plies[3].captured });
    await page.locator("#game .moves li[data-ply='5'] button").click();
    await page.locator("#game .status", { hasText: "Move 5 of 7" }).waitFor();
    assert.ok(page.url().endsWith(`/replay/${id}#5`), page.url());
  });

  browserTest("a side that moves twice starts a new row of the move list, and the move that earned it is marked", () => browser, async (s) => {
    // Anywoli gives an extra turn for a four made with the last seed: play
    // through the API until one comes (the eighth move, with these choices).
    const post = async (path, body) => {
      const response = await fetch(server.url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      assert.equal(response.status, 200, await response.clone().text());
      return response.json();
    };
    let id = null, moves = [];
    for (let game = 0; game < 5 && id === null; game++) {
      const created = await post("/api/games", { game: "anywoli", mode: "local", name: "Ann", opponent: "Ben" });
      let state = created.state;
      for (let i = 0; i < 150 && !state.over; i++) {
        state = (await post(`/api/games/${created.id}/moves`, { token: created.token, move: state.legal[(i * 7 + game) % state.legal.length] })).state;
        const m = state.moves;
        // Well under the server's 50 requests a second.
        await new Promise((r) => setTimeout(r, 25));
        if (m.length >= 2 && (m.at(-1) === m.at(-1).toLowerCase()) === (m.at(-2) === m.at(-2).toLowerCase())) {
          id = created.id;
          moves = m;
          break;
        }
      }
    }
    assert.ok(id, "an extra turn within five games");
    const page = await s.page();
    await page.goto(`${server.url}/replay/${id}`);
    await page.locator("#game .moves li").nth(moves.length - 1).waitFor();
    const items = await page.locator("#game .moves li").evaluateAll((nodes) => nodes.map((n) => ({
      extra: n.classList.contains("extra"), n: n.dataset.n || null, row: n.getBoundingClientRect().top,
    })));
    const last = moves.length - 1;
    assert.equal(items[last - 1].extra, true, "the move that earned the extra turn is marked");
    assert.equal(items.filter((x) => x.extra).length, 1);
    assert.ok(items[last].n, "the second move of the same side starts a row");
    assert.ok(items[last].row > items[last - 1].row, "on a line of its own");
    assert.equal(await page.locator("#game .move-list .note").textContent(), "↻ marks a move after which the same player moved again.");
    assert.equal(await page.locator("#game .moves li").nth(last - 1).getAttribute("title"), "moves again");
  });

  browserTest("online: heading, tab title, declined offer, looking back, an ending that names the player, spectators to the rematch", () => browser, async (s) => {
    const ann = await s.page();
    const id = await newGame(ann, server.url, { game: "wahree", mode: "online", name: "Ann" });
    await fastest(ann);
    const heading = ann.locator("h1.game-title");
    assert.equal(await heading.textContent(), "Wahree: Ann – (free seat)");
    const invite = await ann.locator("#game .invite").inputValue();

    // The invitation says who invites, the game and the clock.
    const ben = await s.page();
    await ben.goto(invite);
    const join = ben.locator("#game form.join");
    await join.waitFor();
    assert.equal(await join.locator(".invite-who").textContent(), "Ann invites you to play Wahree.");
    assert.equal(await join.locator(".invite-clock").textContent(), "No clock: take your time.");
    assert.equal(await join.locator(".invite-side").textContent(), "You would play North.");
    await join.locator("input[name=name]").fill("Ben");
    await join.locator("button[type=submit]").click();
    await ben.locator("#game .board").waitFor();
    await fastest(ben);

    // Ann's heading and title follow without a reload; the title says
    // whose turn it is.
    await heading.filter({ hasText: "Wahree: Ann – Ben" }).waitFor();
    await ann.waitForFunction(() => document.title.startsWith("● Your turn · Wahree: Ann – Ben"));
    assert.ok(!(await title(ben)).includes("Your turn"), await title(ben));

    // Cy watches.
    const cy = await s.page();
    await cy.goto(`${server.url}/g/${id}`);
    await cy.locator("#game .board").waitFor();

    await playMove(ann);
    await ben.waitForFunction(() => document.title.startsWith("● Your turn"));
    assert.ok(!(await title(ann)).includes("Your turn"));
    await playMove(ben);
    await listed(ann, 2);

    // Ann offers to end (once she has confirmed it); Ben declines; Ann is told.
    await ann.locator("#game .controls button", { hasText: "Offer to end" }).click();
    await answerDialog(ann);
    await ben.locator("#game .notice button", { hasText: "Decline" }).click();
    await ann.locator("#game .offer-refused", { hasText: "Your offer to end the game was declined" }).waitFor();

    // Ann looks back at move 1; Ben's move meanwhile is not lost.
    await ann.locator("#game .moves li[data-ply='1'] button").click();
    await ann.locator("#game .status", { hasText: "You are looking at move 1" }).waitFor();
    assert.equal(await ann.locator("#game button.pit.legal").count(), 0);
    await ann.locator("#game .back-to-game").click();
    await playMove(ann);
    await listed(ben, 3);
    await ann.locator("#game .moves li[data-ply='2'] button").click();
    await ann.locator("#game .back-to-game", { hasText: "Back to the game" }).waitFor();
    const benMove = await playMove(ben);
    await listed(ann, 4);
    await ann.locator("#game .back-to-game", { hasText: "a new move was played" }).waitFor();
    assert.equal(await ann.locator("#game .status").textContent(), "You are looking at move 2 of 4; the game goes on.");
    await ann.locator("#game .back-to-game").click();
    const state = await server.state(id);
    assert.equal(state.moves[3], benMove);
    assert.deepEqual(await boardArray(ann), { board: state.board, captured: state.captured });

    // Ben resigns: every page names him.
    await ben.locator("#game .controls button", { hasText: "Resign" }).click();
    await answerDialog(ben);
    for (const page of [ann, ben, cy]) {
      const result = page.locator("#game .result");
      await result.waitFor();
      assert.equal(await result.locator("h2").textContent(), "Ann wins");
      assert.equal(await result.locator(".why").textContent(), "Why it ended: Ben resigned");
      // Seeds still on the board: what the stores held, not a final score.
      const left = state.board.reduce((a, b) => a + b, 0);
      assert.equal(await result.locator(".score").textContent(),
        `In the stores at the end: Ann ${state.captured[0]} – ${state.captured[1]} Ben (${left} seeds left on the board, counted for nobody)`);
      const explained = await page.locator("#game .explanation").textContent();
      assert.ok(!explained.includes("to move"), explained);
    }
    await ann.goto(`${server.url}/finished`);
    assert.match(await ann.locator("table.games tbody tr").first().textContent(), /Ann wins.*Ben resigned/s);
    await ann.goBack();
    await ann.locator("#game .result").waitFor();

    // Ann asks for a rematch: Cy, watching, is taken to it.
    await ann.locator("#game .result button", { hasText: "Rematch" }).click();
    await ann.waitForURL((url) => url.pathname.startsWith("/g/") && url.pathname !== `/g/${id}`);
    const next = new URL(ann.url()).pathname.split("/").pop();
    assert.notEqual(next, id);
    await cy.locator("#game .next-game").waitFor();
    await cy.waitForURL(`**/g/${next}`);
    await cy.locator("#game .board").waitFor();
  });

  browserTest("assets come with a version in their name, a year's caching and gzip", () => browser, async (s) => {
    const page = await s.page();
    const seen = new Map();
    page.on("response", (response) => { if (response.url().includes("/assets/")) seen.set(new URL(response.url()).pathname, response); });
    await page.goto(server.url);
    await page.waitForLoadState("load");
    const names = [...seen.keys()].sort();
    // The home page has the lobby's script too (its "Your move" list), and
    // every page the helpers all page scripts share.
    assert.equal(names.length, 4, names.join(" "));
    assert.match(names[0], /^\/assets\/app\.[0-9a-f]{16}\.js$/);
    assert.match(names[1], /^\/assets\/common\.[0-9a-f]{16}\.js$/);
    assert.match(names[2], /^\/assets\/lobby\.[0-9a-f]{16}\.js$/);
    assert.match(names[3], /^\/assets\/style\.[0-9a-f]{16}\.css$/);
    for (const response of seen.values()) {
      const headers = await response.allHeaders();
      assert.equal(headers["cache-control"], "public, max-age=31536000, immutable");
      assert.equal(headers["content-encoding"], "gzip", "Chromium accepts gzip");
      assert.ok(headers.etag);
      // Asked again with the tag: 304.
      const again = await fetch(response.url(), { headers: { "if-none-match": headers.etag, "accept-encoding": "gzip" } });
      assert.equal(again.status, 304);
    }
  });
});
