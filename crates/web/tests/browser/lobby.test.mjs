// The lobby: a game offered in one browser is taken in another (with the
// keyboard, on a phone), and both land in the same game on opposite seats.
// A correspondence game from the lobby: the waiting move shows on the home
// page, and a move is made after the server was killed and started again.
import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  browserTest, fastest, gameId, moves, playMove, screenshot, sharedServerAndBrowser,
} from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("lobby", (s, b) => { server = s; browser = b; });

/// Offers a game from the lobby's form.
async function offer(page, { name, game, timing = "clock", colour = "south" }) {
  await page.goto(`${server.url}/lobby`);
  const form = page.locator("#seek-form");
  await form.locator("input[name=name]").fill(name);
  await form.locator("select[name=game]").selectOption(game);
  await form.locator(`input[name=timing][value=${timing}]`).check();
  await form.locator("select[name=colour]").selectOption(colour);
  await form.locator("button[type=submit]").click();
  await page.locator("#seeks li.mine").waitFor();
}

/// Takes the one open game offered by `owner` with the keyboard alone.
async function takeWithKeyboard(page, owner) {
  await page.goto(`${server.url}/lobby`);
  await page.locator("#seek-form input[name=name]").fill("Ben");
  const take = page.locator("#seeks li", { hasText: owner }).locator("button");
  await take.focus();
  await page.keyboard.press("Enter");
}

const seatOf = (page, id) => page.evaluate((key) => JSON.parse(localStorage.getItem(key)), `mancala.seat.${id}`);

describe("lobby", () => {
  browserTest("a game offered in one browser and taken in another starts for both, on opposite seats", () => browser, async (s) => {
    const ann = await s.page();
    const ben = await s.page({ phone: true });
    await offer(ann, { name: "Ann", game: "oware-abapa", colour: "south" });
    // On a phone the lobby fits the screen: nothing scrolls sideways.
    await ben.goto(`${server.url}/lobby`);
    await ben.locator("#seeks li", { hasText: "Ann" }).waitFor();
    await screenshot(ben, "phone-390-lobby");
    const width = await ben.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the lobby is ${width} px wide on a 390 px phone`);
    // Ben hears of the game by his answer and by his socket: he opens it once.
    const opened = [];
    ben.on("request", (r) => { if (r.isNavigationRequest() && /\/g\//.test(r.url())) opened.push(r.url()); });
    await takeWithKeyboard(ben, "Ann");
    // Both pages are sent to the game: Ben by his answer, Ann by her socket.
    await ben.waitForURL(/\/g\/[a-z0-9]+$/);
    await ann.waitForURL(/\/g\/[a-z0-9]+$/);
    const id = gameId(ann);
    assert.equal(gameId(ben), id);
    assert.deepEqual(opened, [`${server.url}/g/${id}`]);
    assert.equal((await seatOf(ann, id)).side, "south");
    assert.equal((await seatOf(ben, id)).side, "north");
    await fastest(ann);
    await fastest(ben);
    const state = await server.state(id);
    assert.deepEqual([state.mode, state.players.south.name, state.players.north.name], ["online", "Ann", "Ben"]);
    // The game is on: South moves, North answers.
    await playMove(ann);
    await ben.waitForFunction(() => document.querySelectorAll("#game .moves li").length === 1);
    await playMove(ben, { tap: true });
    await ann.waitForFunction(() => document.querySelectorAll("#game .moves li").length === 2);
    // Nobody else sees the offer any more.
    const carl = await s.page();
    await carl.goto(`${server.url}/lobby`);
    await carl.locator("#seeks-empty").waitFor();
    assert.equal(await carl.locator("#seeks li").count(), 0);
  });

  browserTest("a correspondence game shows the waiting move on the home page and goes on after a restart", () => browser, async (s) => {
    const ann = await s.page();
    const ben = await s.page();
    await offer(ann, { name: "Ann", game: "oware-abapa", timing: "days", colour: "south" });
    await takeWithKeyboard(ben, "Ann");
    await ann.waitForURL(/\/g\/[a-z0-9]+$/);
    await ben.waitForURL(/\/g\/[a-z0-9]+$/);
    const id = gameId(ann);
    await fastest(ann);
    await fastest(ben);
    await ann.locator("#game .notice.correspondence", { hasText: "3 days per move" }).waitFor();
    const letter = await playMove(ann);
    await ben.waitForFunction(() => document.querySelectorAll("#game .moves li").length === 1);

    // Ben's home page lists the game as waiting for his move.
    await ben.goto(`${server.url}/`);
    const waiting = ben.locator("#waiting li a", { hasText: "Oware (Abapa) against Ann" });
    await waiting.waitFor();

    await server.kill9();
    await server.launch();
    // Days later for all it matters: the same game, Ben's move.
    await waiting.click();
    await ben.waitForURL(new RegExp(`/g/${id}$`));
    await ben.locator("#game .board").waitFor();
    await fastest(ben);
    assert.deepEqual(await moves(ben), [letter]);
    await playMove(ben);
    const state = await server.state(id);
    assert.equal(state.moves.length, 2);
    assert.equal(state.correspondence.days, 3);
    assert.ok(state.correspondence.deadline > Date.now() + 2.9 * 86_400_000);
  });
});
