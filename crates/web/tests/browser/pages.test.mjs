// The catalogue, the rules pages, the language switch, and screenshots of
// the pages at phone and desktop widths (kept under the artefacts folder).
import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  answerDialog, artifacts, browserTest, fastest, newGame, playMove, screenshot, sharedServerAndBrowser,
  waitForTurnOrEnd,
} from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("pages", (s, b) => { server = s; browser = b; });

const GAMES = [
  ["barbados-warri", "Barbados Warri", "2 rows of 6 pits, 48 seeds"],
  ["wahree", "Wahree", "2 rows of 6 pits, 48 seeds"],
  ["anywoli", "Anywoli", "2 rows of 12 pits, 96 seeds"],
  ["oware-abapa", "Oware (Abapa)", "2 rows of 6 pits, 48 seeds"],
  ["round-and-round-warri", "Round-and-Round Warri", "2 rows of 6 pits, 48 seeds"],
];

describe("pages", () => {
  browserTest("the catalogue shows a card per game, leading to its rules and its new-game form", () => browser, async (s) => {
    const page = await s.page();
    const response = await page.goto(server.url);
    assert.equal(response.status(), 200);
    assert.equal(await page.locator("h1").textContent(), "All mancala games");
    const cards = page.locator(".cards .card");
    assert.deepEqual(await cards.locator("h2").allTextContents(), GAMES.map((g) => g[1]));
    for (const [i, [id, , size]] of GAMES.entries()) {
      const card = cards.nth(i);
      assert.match(await card.locator("dl").textContent(), new RegExp(`Board${size.replace(/[()]/g, "\\$&")}`));
      assert.equal(await card.locator("a", { hasText: "Rules and history" }).getAttribute("href"), `/games/${id}`);
    }

    // Each rules page opens from its card, with the starting board drawn.
    for (const [i, [id, name, size]] of GAMES.entries()) {
      await page.goto(server.url);
      await cards.nth(i).locator("a", { hasText: "Rules and history" }).click();
      await page.waitForURL(`**/games/${id}`);
      assert.equal(await page.locator("h1").textContent(), name);
      const pits = Number(size.split(" ")[3]);
      assert.equal(await page.locator(".start-board .board .pit").count(), 2 * pits);
      assert.ok((await page.locator("main section").count()) >= 5, `${id}: the rules have their sections`);
    }

    // Barbados Warri's variants are tabs that switch without a reload.
    await page.goto(`${server.url}/games/barbados-warri`);
    const bridgetown = page.locator("[role=tab]", { hasText: "Bridgetown" });
    assert.equal(await page.locator("#panel-barbados-warri-bridgetown").isHidden(), true);
    await page.evaluate(() => { window.__noReload = true; });
    await bridgetown.click();
    assert.equal(await bridgetown.getAttribute("aria-selected"), "true");
    assert.equal(await page.locator("#panel-barbados-warri-bridgetown").isVisible(), true);
    assert.equal(await page.locator("#panel-barbados-warri-speightstown").isHidden(), true);
    assert.equal(new URL(page.url()).pathname, "/games/barbados-warri-bridgetown");
    assert.equal(await page.evaluate(() => window.__noReload), true);

    // "Play this game" opens the new-game form with the game chosen.
    await page.goto(server.url);
    await cards.nth(2).locator("a", { hasText: "Play this game" }).click();
    await page.waitForURL("**/new?game=anywoli");
    assert.equal(await page.locator("#new-game select[name=game]").inputValue(), "anywoli");
  });

  browserTest("the language switch changes the interface text and is remembered", () => browser, async (s) => {
    const page = await s.page({ locale: "en-GB" });
    await page.goto(server.url);
    const texts = async () => ({
      lang: await page.locator("html").getAttribute("lang"),
      h1: await page.locator("h1").textContent(),
      nav: await page.locator("header nav").first().textContent(),
      button: await page.locator(".card .button").first().textContent(),
    });
    assert.deepEqual(await texts(), {
      lang: "en", h1: "All mancala games", nav: "All mancala games Lobby Finished games Learn Analysis board Puzzles Tournaments Leaderboards Sign in", button: "Play this game",
    });
    await page.locator(".langs a", { hasText: "Tiếng Việt" }).click();
    await page.waitForURL("**/?lang=vi");
    assert.deepEqual(await texts(), {
      lang: "vi", h1: "Tất cả trò chơi mancala", nav: "Tất cả trò chơi mancala Sảnh chờ Các ván đã xong Học chơi Bàn phân tích Câu đố Giải đấu Bảng xếp hạng Đăng nhập", button: "Chơi trò này",
    });
    assert.equal(await page.locator(".langs a[aria-current]").textContent(), "Tiếng Việt");
    await page.locator(".langs a", { hasText: "Nederlands" }).click();
    await page.waitForURL("**/?lang=nl");
    assert.deepEqual(await texts(), {
      lang: "nl", h1: "Alle mancalaspellen", nav: "Alle mancalaspellen Speelzaal Afgelopen partijen Leren Analysebord Puzzels Toernooien Ranglijsten Inloggen", button: "Speel dit spel",
    });

    // Remembered: later pages without ?lang, in this tab and a new one, are Dutch.
    await page.locator("header nav a", { hasText: "Afgelopen partijen" }).click();
    await page.waitForURL("**/finished");
    assert.equal(await page.locator("h1").textContent(), "Afgelopen partijen");
    const other = s.watch(await page.context().newPage());
    await other.goto(`${server.url}/new?game=wahree`);
    assert.equal(await other.locator("h1").textContent(), "Nieuwe partij");
    assert.equal(await other.locator("#new-game button[type=submit]").textContent(), "Begin de partij");
    // The play page's own texts (drawn by the script) follow too.
    await other.locator("#new-game button[type=submit]").click();
    await other.waitForURL(/\/g\//);
    assert.equal(await other.locator("#game .status").textContent(), "Jij bent aan zet: kies een putje in je rij");
    assert.equal(await other.locator("#game .move-list h2").textContent(), "Zetten");
  });

  browserTest("a downloaded record uploads again as the same game; a bad record is refused", () => browser, async (s) => {
    const page = await s.page();
    const id = await newGame(page, server.url, { game: "oware-abapa", mode: "local", name: "Ann", opponent: "Ben" });
    await fastest(page);
    for (let i = 0; i < 5; i++) await playMove(page);
    await page.locator("#game .controls button", { hasText: "Resign" }).click();
    await answerDialog(page);
    await page.locator("#game .result").waitFor();
    const played = await server.state(id);
    assert.equal(played.moves.length, 5);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("#game .result a", { hasText: "Download the record" }).click(),
    ]);
    const file = await download.path();

    await page.goto(`${server.url}/finished`);
    const rows = await page.locator("table.games tbody tr").count();
    await page.locator("#upload input[type=file]").setInputFiles(file);
    await page.waitForFunction(() => document.querySelector("#upload textarea").value.includes("[Game"));
    await page.locator("#upload button[type=submit]").click();
    await page.waitForURL(/\/replay\//);
    const copy = new URL(page.url()).pathname.split("/").pop();
    assert.notEqual(copy, id);
    await page.locator("#game .status", { hasText: "Move 5 of 5" }).waitFor();
    // The computer's review of the finished game comes with its graph, and
    // marks the moves it judges mistakes with "?".
    await page.locator("#game svg.graph").waitFor();
    const listed = await page.locator("#game .moves li").allTextContents();
    assert.deepEqual(listed.map((m) => m.replace(/\?$/, "")), played.moves);
    const uploaded = await server.state(copy);
    assert.deepEqual([uploaded.board, uploaded.captured, uploaded.winner, uploaded.ending],
      [played.board, played.captured, played.winner, played.ending]);

    // A record with a move that is no pit: refused, and nothing is added.
    await page.goto(`${server.url}/finished`);
    assert.equal(await page.locator("table.games tbody tr").count(), rows + 1);
    await page.locator("#upload textarea").fill('[Game "wahree"]\n\nz');
    await page.locator("#upload button[type=submit]").click();
    const error = page.locator("#upload .error");
    await error.waitFor();
    assert.match(await error.textContent(), /^This record cannot be read: .*z/);
    assert.equal(new URL(page.url()).pathname, "/finished");
    await page.reload();
    assert.equal(await page.locator("table.games tbody tr").count(), rows + 1);
  });

  browserTest("screenshots of the pages at phone and desktop widths; nothing scrolls sideways on a phone", () => browser, async (s) => {
    const shots = [];
    for (const [label, phone] of [["phone-390", true], ["desktop-1280", false]]) {
      const page = await s.page({ phone });
      const check = async (name) => {
        shots.push(await screenshot(page, `${label}-${name}`));
        // The same page in dark mode (the system setting).
        await page.emulateMedia({ colorScheme: "dark" });
        shots.push(await screenshot(page, `${label}-dark-${name}`));
        await page.emulateMedia({ colorScheme: "light" });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        const viewport = page.viewportSize().width;
        assert.ok(width <= viewport, `${name} at ${label}: ${width} px wide in a ${viewport} px window`);
      };
      await page.goto(server.url);
      await check("catalogue");
      await page.goto(`${server.url}/games/anywoli`);
      await check("rules-anywoli");
      await page.goto(`${server.url}/games/barbados-warri`);
      await check("rules-barbados-warri");
      await page.goto(`${server.url}/new?game=wahree`);
      await check("new-game");

      const id = await newGame(page, server.url, { game: "wahree", level: 1, name: "Ann" });
      await fastest(page);
      for (let i = 0; i < 3; i++) await playMove(page, { tap: phone });
      await waitForTurnOrEnd(page);
      await check("game");

      await page.locator("#game .controls button", { hasText: "Resign" }).click();
      await answerDialog(page);
      await page.locator("#game .result").waitFor();
      await check("game-over");

      await page.goto(`${server.url}/replay/${id}`);
      const status = page.locator("#game .status");
      await status.filter({ hasText: "Move 6 of 6" }).waitFor();
      await page.keyboard.press("Home");
      assert.equal(await status.textContent(), "Move 0 of 6");
      await page.keyboard.press("ArrowRight");
      await status.filter({ hasText: "Move 1 of 6" }).waitFor();
      await page.keyboard.press("End");
      await status.filter({ hasText: "Move 6 of 6" }).waitFor();
      await check("replay");

      await page.goto(`${server.url}/finished`);
      await check("finished");
    }
    console.log(`${shots.length} screenshots in ${artifacts}`);
  });
});
