// Play by tap on a 390 px touch screen: a game at one screen, where both
// players tap in turn, and Anywoli's 2 x 12 board against the computer.
import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  boardArray, browserTest, fastest, legalLetters, moves, newGame, PHONE, playMove, sharedServerAndBrowser,
  waitForTurnOrEnd,
} from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("phone", (s, b) => { server = s; browser = b; });

/// Nothing scrolls sideways, and every pit lies within the screen and is
/// big enough to hit with a finger.
async function fitsThePhone(page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `the page is ${width} px wide`);
  const boxes = await page.locator("#game .pit").evaluateAll((nodes) =>
    nodes.map((n) => { const r = n.getBoundingClientRect(); return { left: r.left, right: r.right, width: r.width, height: r.height }; }));
  for (const box of boxes) {
    assert.ok(box.left >= 0 && box.right <= PHONE.width, `a pit lies at ${box.left}-${box.right} px`);
    assert.ok(box.width >= 24 && box.height >= 24, `a pit of ${box.width} x ${box.height} px`);
  }
  return boxes.length;
}

const total = ({ board, captured }) => [...board, ...captured].reduce((a, b) => a + b, 0);

describe("phone", () => {
  browserTest("a game at one screen is played by tap at phone width", () => browser, async (s) => {
    const page = await s.page({ phone: true });
    const id = await newGame(page, server.url, { game: "oware-abapa", mode: "local", name: "Ann", opponent: "Ben" });
    assert.equal(await fitsThePhone(page), 12);
    await fastest(page);
    for (let i = 0; i < 20; i++) {
      await waitForTurnOrEnd(page);
      if (await page.locator("#game .result").count()) break;
      const side = i % 2 === 0 ? "south" : "north";
      // At one screen the side to move is the only one that can be tapped.
      assert.ok((await legalLetters(page)).every((l) => (l === l.toLowerCase()) === (side === "south")));
      await playMove(page, { tap: true });
      assert.equal(total(await boardArray(page)), 48);
    }
    const state = await server.state(id);
    assert.equal(state.moves.length, 20);
    assert.deepEqual(await moves(page), state.moves);
    assert.deepEqual(await boardArray(page), { board: state.board, captured: state.captured });
    assert.equal(await page.locator("#game .status").textContent(), "Ann (South) to move");
  });

  browserTest("Anywoli's 2 x 12 board fits a phone and is played by tap against the computer", () => browser, async (s) => {
    const page = await s.page({ phone: true });
    const id = await newGame(page, server.url, { game: "anywoli", level: 1, name: "Ann" });
    assert.equal(await fitsThePhone(page), 24);
    await fastest(page);
    let taps = 0;
    while (taps < 6) {
      await waitForTurnOrEnd(page);
      if (await page.locator("#game .result").count()) break;
      await playMove(page, { tap: true });
      taps += 1;
      assert.equal(total(await boardArray(page)), 96);
    }
    await waitForTurnOrEnd(page);
    const state = await server.state(id);
    assert.equal(taps, 6);
    assert.equal(state.moves.filter((m) => m === m.toLowerCase()).length, 6);
    assert.ok(state.moves.some((m) => m !== m.toLowerCase()), "the computer has moved");
    assert.deepEqual(await moves(page), state.moves);
    assert.deepEqual(await boardArray(page), { board: state.board, captured: state.captured });
    assert.equal(await fitsThePhone(page), 24);
  });
});
