// The server is killed with SIGKILL (or stopped with SIGTERM) in the middle
// of an online game and started again on the same database file and port:
// both open pages say the connection was lost (or that the server is
// restarting), reconnect by themselves, show the same game, and play goes
// on.
import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  boardArray, browserTest, fastest, legalLetters, moves, newGame, playMove, sharedServerAndBrowser,
} from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("restart", (s, b) => { server = s; browser = b; });

const listed = (page, n) =>
  page.waitForFunction((count) => document.querySelectorAll("#game .moves li").length === count, n);

/// Ann's online Wahree game with Ben, who joins by the invitation link
/// (a first visit: it asks his name), and its first `plies` moves, seen on
/// both pages.
async function annAndBen(s, plies) {
  const ann = await s.page();
  const id = await newGame(ann, server.url, { game: "wahree", mode: "online", name: "Ann" });
  const invite = await ann.locator("#game .invite").inputValue();
  await fastest(ann);
  const ben = await s.page();
  await ben.goto(invite);
  await ben.locator("#game form.join input[name=name]").fill("Ben");
  await ben.locator("#game form.join button[type=submit]").click();
  await ben.locator("#game .board").waitFor();
  await fastest(ben);
  for (let i = 0; i < plies; i++) {
    await playMove(i % 2 === 0 ? ann : ben);
    await listed(ann, i + 1);
    await listed(ben, i + 1);
  }
  return { ann, ben, id };
}

/// Stops the server by `stop` (SIGKILL or SIGTERM) while `pages` show a
/// game, waits until each page says `message`, starts the server again on
/// the same port and waits until each page has reconnected by itself (the
/// message gone).
async function restartServer(pages, stop, message) {
  const port = server.port;
  await stop();
  for (const page of pages) {
    await page.locator("#game .error", { hasText: message }).waitFor();
  }
  await server.launch();
  assert.equal(server.port, port);
  for (const page of pages) await page.locator("#game .error").waitFor({ state: "detached" });
}

describe("restart", () => {
  browserTest("a kill -9 of the server mid-game and a restart on the same database keep the game", () => browser, async (s) => {
    const { ann, ben, id } = await annAndBen(s, 6);
    await ann.locator("#game button.pit.legal").first().waitFor();
    const before = { shown: await boardArray(ann), moves: await moves(ann), legal: await legalLetters(ann) };
    assert.deepEqual(await boardArray(ben), before.shown);
    const stored = await server.state(id);
    assert.deepEqual(stored.moves, before.moves);

    await restartServer([ann, ben], () => server.kill9(), "Connection lost; reconnecting…");

    // Both pages have reconnected on their own: the game is the same.
    for (const page of [ann, ben]) {
      assert.deepEqual(await boardArray(page), before.shown);
      assert.deepEqual(await moves(page), before.moves);
    }
    assert.deepEqual(await legalLetters(ann), before.legal);
    const after = await server.state(id);
    assert.deepEqual([after.moves, after.board, after.to_move], [stored.moves, stored.board, stored.to_move]);

    // Play goes on, live, over the new connections.
    const letter = await playMove(ann);
    await listed(ben, before.moves.length + 1);
    assert.equal((await moves(ben)).at(-1), letter);
    await playMove(ben);
    await listed(ann, before.moves.length + 2);

    // A page opened afresh shows the whole game too.
    const fresh = await s.page();
    await fresh.goto(`${server.url}/g/${id}`);
    await fresh.locator("#game .board").waitFor();
    const now = await server.state(id);
    assert.equal(now.moves.length, before.moves.length + 2);
    assert.deepEqual(await moves(fresh), now.moves);
    assert.deepEqual(await boardArray(fresh), { board: now.board, captured: now.captured });
  });

  browserTest("a SIGTERM mid-game: the pages say the server is restarting and reconnect to the next one", () => browser, async (s) => {
    const { ann, ben, id } = await annAndBen(s, 4);
    const before = await moves(ann);

    await restartServer([ann, ben], () => server.term(), "The server is restarting; reconnecting…");
    for (const page of [ann, ben]) {
      assert.deepEqual(await moves(page), before);
    }
    const letter = await playMove(ann);
    await listed(ben, before.length + 1);
    assert.equal((await moves(ben)).at(-1), letter);
    assert.equal((await server.state(id)).moves.length, before.length + 1);
  });
});
