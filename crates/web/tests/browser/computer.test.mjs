// Against the computer at a desktop width: a whole game to its result, a
// refused move, and a reload in the middle of a game.
import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  board, boardArray, browserTest, fastest, legalLetters, moves, newGame, playMove, sharedServerAndBrowser,
  waitForTurnOrEnd,
} from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("computer", (s, b) => { server = s; browser = b; });

/// A fresh page with Tess's new game against the computer at `level`, sown
/// at the fastest speed: the page and the game's id.
async function tessGame(s, game, level) {
  const page = await s.page();
  const id = await newGame(page, server.url, { game, level, name: "Tess" });
  await fastest(page);
  return { page, id };
}

describe("against the computer", () => {
  browserTest("a whole game against the computer is played to its end and the result says why", () => browser, async (s) => {
    const { page, id } = await tessGame(s, "barbados-warri", 1);
    await assert.doesNotReject(page.locator(".game-title", { hasText: "Barbados Warri" }).waitFor());

    let mine = 0;
    for (; mine < 400; mine++) {
      await waitForTurnOrEnd(page);
      if (await page.locator("#game .result").count()) break;
      await playMove(page);
    }
    const result = page.locator("#game .result");
    await result.waitFor();
    assert.ok(mine > 5, `the game lasted ${mine} of our moves`);

    const state = await server.state(id);
    assert.equal(state.over, true);
    // The headline names the winner as the page calls them.
    const headline = await result.locator("h2").textContent();
    const expected = { south: "Tess wins", north: "Computer (level 1) wins", draw: "A draw" }[state.winner];
    assert.equal(headline, expected);
    // The final score and the reason, as stored.
    const scoreLine = await result.locator("p.score").textContent();
    const whyLine = await result.locator("p.why").textContent();
    // The score with the players' names, South's first (as on /finished).
    // Seeds left on the board (a win by a majority): what the stores held.
    const left = state.board.reduce((a, b) => a + b, 0);
    const stores = `Tess ${state.captured[0]} – ${state.captured[1]} Computer (level 1)`;
    assert.equal(scoreLine, left
      ? `In the stores at the end: ${stores} (${left} ${left === 1 ? "seed" : "seeds"} left on the board, counted for nobody)`
      : `Final score: ${stores}`);
    // A cycle (or an agreed end) also says what became of the seeds on the
    // board: on Speightstown rules they stay uncaptured.
    let why = state.ending_text.en;
    if (state.ending === "cycle" || state.ending === "agreed") {
      why += ": the seeds on the board stay uncaptured and, as nobody has the 25 seeds a win needs, it is a draw.";
    }
    assert.equal(whyLine, `Why it ended: ${why[0].toUpperCase()}${why.slice(1)}`);
    assert.ok(state.ending_text.en.length > 10);
    // Speightstown: a win needs 25 seeds.
    if (state.winner !== "draw") assert.ok(Math.max(...state.captured) >= 25, `${state.captured}`);
    // The board, the stores and the move list agree with the server.
    assert.deepEqual(await boardArray(page), { board: state.board, captured: state.captured });
    assert.deepEqual(await moves(page), state.moves);
    assert.equal(await page.locator("#game .status").textContent(), "Game over");
    assert.deepEqual(await legalLetters(page), []);
    assert.equal(await page.locator("#game .controls button", { hasText: "Resign" }).count(), 0);

    // The finished game is listed, and its replay opens at the last move.
    await page.goto(`${server.url}/finished`);
    const row = page.locator("table.games tbody tr", { has: page.locator(`a[href="/replay/${id}"]`) });
    assert.match(await row.textContent(), /Tess – Computer \(level 1\)/);
    await row.locator(`a[href="/replay/${id}"]`).click();
    await page.waitForURL(`**/replay/${id}`);
    const total = state.moves.length;
    assert.equal(await page.locator("#game .status").textContent(), `Move ${total} of ${total}`);
  }, { timeout: 300_000 });

  browserTest("an illegal move attempt is refused with a message and changes nothing", () => browser, async (s) => {
    const { page, id } = await tessGame(s, "barbados-warri", 1);
    // South's f sows into North's row only, and no reply from North reaches
    // f (it would take 11 seeds): f stays empty.
    await playMove(page, { choose: () => "f" });
    await waitForTurnOrEnd(page);
    const pitF = page.locator("#game button.pit", { has: page.locator(".letter", { hasText: /^f$/ }) });
    assert.equal(await pitF.locator(".count").textContent(), "0");

    const shown = await board(page);
    const listed = await moves(page);
    const stored = await server.state(id);
    const legal = stored.legal.join(" ");
    assert.ok(!stored.legal.includes("f"));
    const refusal = `That move is not allowed now. Allowed: ${legal}`;

    // Each attempt must draw a new message: the old one is marked first.
    const attempt = async (what, act, expected) => {
      await page.locator("#game .error").evaluateAll((nodes) => nodes.forEach((n) => { n.dataset.old = "1"; }));
      await act();
      const message = page.locator("#game .error:not([data-old])");
      await message.waitFor();
      assert.equal(await message.textContent(), expected, what);
      assert.deepEqual(await board(page), shown, `${what}: the board changed`);
      assert.deepEqual(await moves(page), listed, `${what}: the move list changed`);
      const now = await server.state(id);
      assert.deepEqual([now.moves, now.board, now.to_move], [stored.moves, stored.board, stored.to_move], what);
    };
    await attempt("clicking the empty pit f", () => pitF.click({ force: true }), refusal);
    const pitA = page.locator("#game button.pit", { has: page.locator(".letter", { hasText: /^A$/ }) });
    await attempt("clicking North's pit A", () => pitA.click({ force: true }), refusal);
    await attempt("typing f", () => page.keyboard.press("f"), refusal);
    await attempt("typing z, no pit at all", () => page.keyboard.press("z"), refusal);
    // The pits that cannot be played say so to assistive technology.
    assert.equal(await pitF.getAttribute("aria-disabled"), "true");

    // A legal letter typed afterwards is played, and the message goes.
    const letter = stored.legal[0];
    await page.keyboard.press(letter);
    await page.waitForFunction((n) => document.querySelectorAll("#game .moves li").length > n, listed.length);
    assert.equal((await moves(page))[listed.length], letter);
    assert.equal(await page.locator("#game .error").count(), 0);
  });

  browserTest("a reload in the middle of a game keeps the game and the seat", () => browser, async (s) => {
    const { page, id } = await tessGame(s, "wahree", 2);
    for (let i = 0; i < 4; i++) await playMove(page);
    await waitForTurnOrEnd(page);
    const shown = await boardArray(page);
    const listed = await moves(page);
    const legal = await legalLetters(page);
    assert.ok(listed.length >= 8, `${listed}`);

    await page.reload();
    await waitForTurnOrEnd(page);
    assert.deepEqual(await boardArray(page), shown);
    assert.deepEqual(await moves(page), listed);
    assert.deepEqual(await legalLetters(page), legal);
    assert.equal(await page.locator("#game .status").textContent(), "Your turn: choose a pit in your row");

    // Still our seat: the next move is accepted and stored.
    const letter = await playMove(page);
    const state = await server.state(id);
    assert.equal(state.moves[listed.length], letter);
  });
});
