// The analysis board and the review: setting up a position clears the
// engine's words about the old one; the review's better move is shown on
// the board, not only named.
import assert from "node:assert/strict";
import { describe } from "node:test";
import { browserTest, sharedServerAndBrowser } from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("analysis", (s, b) => { server = s; browser = b; });

async function api(method, path, body) {
  const response = await fetch(`${server.url}${path}`, {
    method, headers: body ? { "Content-Type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status}`);
  return response.json();
}

describe("analysis", () => {
  browserTest("setting up a position clears the engine's value and line of the one left", () => browser, async (s) => {
    const page = await s.page();
    await page.goto(`${server.url}/analysis?game=wahree`);
    await page.waitForFunction(() => /Best line: /.test(document.querySelector(".engine-line")?.textContent || ""));
    assert.notEqual(await page.locator(".engine-value").textContent(), "");
    await page.getByRole("button", { name: "Set up" }).click();
    assert.equal(await page.locator(".engine-line").textContent(), "", "no old line");
    assert.equal(await page.locator(".engine-value").textContent(), "", "no old value");
    assert.equal(await page.locator(".analysis-engine").isVisible(), false);
    // A late answer about the old position does not bring it back.
    await page.waitForTimeout(1500);
    assert.equal(await page.locator(".engine-line").textContent(), "");
    await page.getByRole("button", { name: "Done" }).click();
    await page.waitForFunction(() => /Best line: /.test(document.querySelector(".engine-line")?.textContent || ""));
    assert.equal(await page.locator(".analysis-engine").isVisible(), true);
  });

  browserTest("the review shows the better move on the board at the position the mistake was played from", () => browser, async (s) => {
    // A game at one screen, played badly on purpose (a fixed pseudo-random
    // line), then resigned: the review finds mistakes in it.
    const created = await api("POST", "/api/games", { game: "oware-abapa", mode: "local" });
    let state = created.state;
    let seed = 7;
    for (let i = 0; i < 40 && !state.over; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const move = state.legal[(seed >>> 8) % state.legal.length];
      state = (await api("POST", `/api/games/${created.id}/moves`, { token: created.token, move })).state;
    }
    if (!state.over) await api("POST", `/api/games/${created.id}/resign`, { token: created.token });
    const review = await api("GET", `/api/games/${created.id}/review`);
    // A mistake whose reply is not one too (the position after a mistake
    // that comes before another shows that one's better move).
    const at = review.moves.findIndex((m, i) => m.mistake && !review.moves[i + 1]?.mistake);
    assert.ok(at >= 0, "a mistake in the game");
    const mistake = review.moves[at];
    const page = await s.page();
    // The position after the mistake: the review names the better move and
    // offers to show it.
    await page.goto(`${server.url}/replay/${created.id}#${at + 1}`);
    const show = page.locator("#game .review button.show-better");
    await show.waitFor();
    assert.equal(await show.textContent(), `Show ${mistake.better} on the board`);
    assert.equal(await page.locator("#game .board .pit.better").count(), 0, "not on the board after the move");
    await show.click();
    await page.waitForFunction((n) => location.hash === `#${n}`, at);
    // The position it was played from: the better move's pit is marked, and
    // said so.
    const better = page.locator("#game .board .pit.better");
    await better.waitFor();
    assert.equal(await better.getAttribute("data-pit"), mistake.better);
    assert.match(await better.getAttribute("aria-label"), /the better move$/);
    assert.equal(await page.locator("#game .review .better-here").textContent(),
      `From this position ${mistake.move} was played, a mistake: ${mistake.better}, marked on the board, was better.`);
    const ring = await better.locator(".hole").evaluate((n) => getComputedStyle(n).boxShadow);
    assert.match(ring, /rgb\(30, 158, 88\)/, "a green ring");
  });
});

describe("compositions", () => {
  browserTest("a composer publishes a position from the analysis board on a phone, and a guest solves it on its page", () => browser, async (s) => {
    const page = await s.page({ phone: true });
    // Wahree, South to move: a is the only move that wins.
    const position = "1,0,1,0,1,0/0,0,0,0,2,0 21-22 S";
    await page.goto(`${server.url}/analysis?game=wahree&position=${encodeURIComponent(position)}`);
    await page.waitForFunction(() => /Best line: /.test(document.querySelector(".engine-line")?.textContent || ""));
    await page.getByText("Publish as a composition").click();
    await page.getByLabel("Title").fill("Three seeds, one road");
    await page.getByLabel("Composer").fill("Ama");
    await page.getByLabel("Comment").fill("South to move and win.");
    await page.getByRole("button", { name: "Prove and publish" }).click();
    const link = page.locator(".publish-status a.composition-link");
    await link.waitFor();
    assert.match(await page.locator(".publish-status").textContent(), /Published\. Proven: a win for the side to move, and a is the only move that keeps it\./);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page scrolls sideways: ${width}px`);
    // Publishing it again says so and links to it.
    await page.getByRole("button", { name: "Prove and publish" }).click();
    await page.waitForFunction(() => /published already/.test(document.querySelector(".publish-status")?.textContent || ""));

    // A guest opens it from the game's list and solves it.
    const guest = await s.page({ phone: true });
    await guest.goto(`${server.url}/compositions?game=wahree`);
    await guest.getByRole("link", { name: "Three seeds, one road" }).click();
    await guest.locator("#puzzle-board[data-ready=true]").waitFor();
    assert.match(await guest.locator("h1").textContent(), /Three seeds, one road/);
    assert.match(await guest.locator(".lead").textContent(), /by Ama/);
    for (let i = 0; i < 12; i++) {
      const status = await guest.locator("#puzzle-status").textContent();
      if (status === "Solved!") break;
      const legal = guest.locator("#puzzle-board button.pit.legal");
      await legal.first().waitFor();
      // Ask the hint's pit and play it (the hint makes it a failure for an
      // account; a guest keeps only a streak).
      await guest.locator("#puzzle-hint").click();
      await guest.locator("#puzzle-board .pit.hinted").waitFor();
      await guest.locator("#puzzle-board .pit.hinted").click();
      await guest.waitForFunction(() => !document.querySelector("#puzzle-board .pit.hinted"));
    }
    assert.equal(await guest.locator("#puzzle-status").textContent(), "Solved!");
  });
});
