// Fairness between two people online: a rematch's clocks start only once
// both players are in it, so the one who asks cannot run the other's time
// (or claim the game) while that player is still on the old game's page.
import assert from "node:assert/strict";
import { describe } from "node:test";
import { answerDialog, browserTest, gameId, sharedServerAndBrowser } from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("fairness", (s, b) => { server = s; browser = b; });

describe("fairness", () => {
  browserTest("a rematch starts its clocks only once both players are in it", () => browser, async (s) => {
    const ann = await s.page();
    await ann.goto(`${server.url}/new?game=wahree`);
    await ann.locator("#new-game input[name=mode][value=online]").check();
    await ann.locator("#new-game input[name=name]").fill("Ann");
    await ann.locator("#new-game input[name=timed]").check();
    await ann.locator("#new-game input[name=minutes]").fill("1");
    await ann.locator("#new-game input[name=increment]").fill("0");
    await ann.locator("#new-game button[type=submit]").click();
    await ann.waitForURL(/\/g\/[^/?]+$/);
    const first = gameId(ann);
    const invite = await ann.locator("#game .invite").inputValue();
    assert.equal((await server.state(first)).waiting_for_opponent, true);

    const ben = await s.page();
    await ben.goto(invite);
    await ben.locator("#game form.join input[name=name]").fill("Ben");
    await ben.locator("#game form.join button[type=submit]").click();
    await ben.locator("#game .board").waitFor();
    await ann.locator("#game .player.north", { hasText: "Ben" }).waitFor();

    // Ann resigns at once and asks for a rematch: she is taken to it.
    await ann.getByRole("button", { name: "Resign" }).click();
    await answerDialog(ann);
    await ann.getByRole("button", { name: "Rematch" }).click();
    await ann.waitForURL((url) => !url.pathname.endsWith(first));
    const next = gameId(ann);
    await ann.locator("#game .board").waitFor();
    // Ben is still on the old page. Three seconds later his clock in the
    // new game has not moved, and nothing can be claimed against him.
    await ann.waitForTimeout(3000);
    const waiting = await server.state(next);
    assert.equal(waiting.waiting_for_opponent, true);
    assert.equal(waiting.clock.running, null);
    assert.equal(waiting.clock.south_ms, 60_000);
    assert.equal(waiting.claim_in_ms, null);
    assert.match(await ann.locator("#game .clock[data-side=south]").textContent(), /1:00/);

    // Ben sees the rematch offered on his page and joins it: now it starts.
    await ben.getByRole("button", { name: /rematch/i }).click();
    await ben.waitForURL((url) => url.pathname.endsWith(next));
    await ben.locator("#game .board").waitFor();
    const started = await server.state(next);
    assert.equal(started.waiting_for_opponent, false);
    // No clock runs before the first move (online): Ben's is full and still.
    assert.equal(started.clock.running, null);
    assert.equal(started.clock.south_ms, 60_000, `Ben's clock starts full and still: ${started.clock.south_ms}`);
  }, { timeout: 60_000 });
});
