// Puzzles: a signed-in player solves one (their rating goes up, the
// puzzle's down), fails another (the other way round) and steps through its
// solution (the first solved with the keyboard alone); a guest on a phone
// solves one by tapping,
// keeps a streak in the browser, and a hint ends it.
import assert from "node:assert/strict";
import { describe } from "node:test";
import { browserTest, bundledPuzzles, sharedServerAndBrowser } from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("puzzles", (s, b) => { server = s; browser = b; });

// The bundled collection, read here for the solutions the page never gets.
const puzzles = bundledPuzzles("wahree");

const number = (text) => Number(/(-?\d+)/.exec(text)[1]);

async function openPuzzle(page, id) {
  await page.goto(`${server.url}/puzzles/${id}`);
  await page.locator('#puzzle-board[data-ready="true"]').waitFor();
}

// Plays the solver's moves of `p` on the page, by tapping or by the
// keyboard, waiting for each answer.
async function playSolution(page, p, { keys = false } = {}) {
  const line = p.moves.split(" ");
  const solver = p.position.trim().endsWith("S") ? /[a-z]/ : /[A-Z]/;
  let answered = 0;
  for (const move of line) {
    if (!solver.test(move)) continue;
    const status = page.locator("#puzzle-status");
    const before = await status.textContent();
    if (keys) await page.keyboard.press(move.length === 1 && move === move.toUpperCase() ? `Shift+${move}` : move);
    else await page.locator(`#puzzle-board button.pit[data-pit="${move}"]`).click();
    answered += 1;
    await page.waitForFunction((b) => document.getElementById("puzzle-status").textContent !== b, before);
  }
  return answered;
}

async function signUp(page, name) {
  await page.goto(server.url);
  const status = await page.evaluate(async (name) => {
    const r = await fetch("/api/account", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name, password: "correct horse battery" }),
    });
    return r.status;
  }, name);
  assert.equal(status, 201);
}

describe("puzzles", () => {
  browserTest("solving a puzzle raises the player's rating and lowers the puzzle's; failing one does the opposite", () => browser, async (s) => {
    const page = await s.page();
    await signUp(page, "Puzzler");

    // Solve.
    const good = puzzles[0];
    await openPuzzle(page, good.id);
    assert.match(await page.locator("#puzzle-player").textContent(), /Your puzzle rating: 1500/);
    assert.equal(number(await page.locator("#puzzle-rating").textContent()), good.rating);
    await playSolution(page, good, { keys: true });
    assert.equal(await page.locator("#puzzle-status").textContent(), "Solved!");
    const up = await page.locator("#puzzle-player").textContent();
    const [before, after, pBefore, pAfter] = up.match(/-?\d+/g).map(Number);
    assert.ok(after > before, up);
    assert.ok(pAfter < pBefore, up);
    assert.equal(pBefore, good.rating);
    assert.equal(number(await page.locator("#puzzle-rating").textContent()), pAfter);
    assert.ok(await page.locator("#puzzle-solution").isVisible());

    // Fail: a legal move that is not the solution.
    const bad = puzzles[1];
    await openPuzzle(page, bad.id);
    assert.match(await page.locator("#puzzle-player").textContent(), new RegExp(`Your puzzle rating: ${after}`));
    const first = bad.moves.split(" ")[0];
    const wrong = page.locator("#puzzle-board button.pit.legal").filter({ hasNot: page.locator(`.letter:text-is("${first}")`) }).first();
    const wrongLetter = await wrong.getAttribute("data-pit");
    assert.notEqual(wrongLetter, first);
    await wrong.click();
    await page.locator("#puzzle-solution").waitFor({ state: "visible" });
    assert.match(await page.locator("#puzzle-status").textContent(), new RegExp(`Not that one: ${wrongLetter}`));
    const down = await page.locator("#puzzle-player").textContent();
    const [b2, a2, pb2, pa2] = down.match(/-?\d+/g).map(Number);
    assert.equal(b2, after);
    assert.ok(a2 < b2, down);
    assert.ok(pa2 > pb2, down);
    assert.equal(await page.locator("#puzzle-board button.pit.legal").count(), 0, "nothing to play once over");

    // The solution, step by step: each step shows its position.
    const steps = page.locator("#puzzle-line button");
    assert.deepEqual(await steps.allTextContents(), ["Start", ...bad.moves.split(" ")]);
    await steps.nth(0).click();
    const startCounts = await page.locator("#puzzle-board .pit .count").allTextContents();
    const pits = bad.position.split(" ")[0].replace("/", ",").split(",").map(Number);
    const shown = ["F", "E", "D", "C", "B", "A", "a", "b", "c", "d", "e", "f"].map((l) => "abcdefABCDEF".indexOf(l));
    assert.deepEqual(startCounts.map(Number), shown.map((i) => pits[i]));
    await steps.nth(1).click();
    assert.notDeepEqual(await page.locator("#puzzle-board .pit .count").allTextContents(), startCounts);
  });

  browserTest("a guest solves a puzzle on a phone and keeps a streak in the browser", () => browser, async (s) => {
    const page = await s.page({ phone: true });
    const p = puzzles[2];
    await openPuzzle(page, p.id);
    assert.match(await page.locator("#puzzle-player").textContent(), /Streak: 0/);
    await playSolution(page, p);
    assert.equal(await page.locator("#puzzle-status").textContent(), "Solved!");
    assert.match(await page.locator("#puzzle-player").textContent(), /Streak: 1/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page scrolls sideways: ${width}px`);
    // The hint on the next one shows the pit and ends the streak.
    await openPuzzle(page, puzzles[3].id);
    assert.match(await page.locator("#puzzle-player").textContent(), /Streak: 1/);
    await page.locator("#puzzle-hint").click();
    await page.waitForFunction(() => /Play from pit/.test(document.getElementById("puzzle-status").textContent));
    assert.match(await page.locator("#puzzle-player").textContent(), /Streak: 0/);
    assert.equal(await page.locator("#puzzle-board .pit.hinted").getAttribute("data-pit"), puzzles[3].moves.split(" ")[0]);
  });
});
