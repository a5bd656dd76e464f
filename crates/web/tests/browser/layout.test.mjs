// The layout as a newcomer finds it: on a phone the header is one bar with
// a menu button (keyboard accessible, aria-expanded) and the board starts
// in the first screen; on a 1280 x 800 desktop the header is one line in
// every language and the play page's moves and controls stand beside the
// board; keyboard help is not shown on touch screens.
import assert from "node:assert/strict";
import { describe } from "node:test";
import { browserTest, newGame, sharedServerAndBrowser, waitForTurnOrEnd } from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("layout", (s, b) => { server = s; browser = b; });

const box = (page, selector) => page.locator(selector).first().evaluate((n) => {
  const r = n.getBoundingClientRect();
  return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, height: r.height, width: r.width };
});

describe("layout", () => {
  browserTest("on a phone the navigation is a menu, opened by tap or keyboard, and the board starts in the first screen", () => browser, async (s) => {
    for (const lang of ["en", "vi", "nl"]) {
      const page = await s.page({ phone: true });
      await page.goto(`${server.url}/?lang=${lang}`);
      const toggle = page.locator("header .menu-toggle");
      const links = page.locator("header nav a[href='/lobby']");
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      assert.equal(await toggle.getAttribute("aria-controls"), "site-menu");
      assert.equal(await links.isVisible(), false, `${lang}: the links wait in the menu`);
      const header = await box(page, "header");
      assert.ok(header.height <= 64, `${lang}: the header is ${header.height} px high`);
      // Tap: open, every link there; tap again: closed.
      await toggle.tap();
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      assert.equal(await links.isVisible(), true);
      assert.ok(await page.locator("header .langs a[hreflang=nl]").isVisible(), "the languages are in the menu");
      await toggle.tap();
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      assert.equal(await links.isVisible(), false);
      // Keyboard: Tab to it (after the skip link), Enter opens, Tab goes
      // into the menu, Escape closes it and gives the focus back.
      // (A fresh load: the focus starts at the top of the page.)
      await page.reload();
      let focused = null;
      for (let i = 0; i < 5 && focused !== "menu-toggle"; i++) {
        await page.keyboard.press("Tab");
        focused = await page.evaluate(() => document.activeElement.className);
      }
      assert.equal(focused, "menu-toggle");
      await page.keyboard.press("Enter");
      assert.equal(await toggle.getAttribute("aria-expanded"), "true");
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement.getAttribute("href")), "/");
      await page.keyboard.press("Escape");
      assert.equal(await toggle.getAttribute("aria-expanded"), "false");
      assert.equal(await page.evaluate(() => document.activeElement.className), "menu-toggle");
      await page.keyboard.press(" ");
      assert.equal(await toggle.getAttribute("aria-expanded"), "true", "Space presses it too");

      // The play page: the whole board in the first screen (844 px).
      await newGame(page, server.url, { game: "oware-abapa", level: 1, name: "Mai", lang });
      await waitForTurnOrEnd(page);
      const board = await box(page, "#game .board");
      assert.ok(board.bottom <= 844, `${lang}: the board ends at ${board.bottom} px`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `${lang}: the page is ${width} px wide`);
    }
  });

  browserTest("at 1280 x 800 the header is one line in every language and the play page has its moves and controls beside the board", () => browser, async (s) => {
    for (const lang of ["en", "vi", "nl"]) {
      const page = await s.page({ viewport: { width: 1280, height: 800 } });
      for (const path of ["/", "/analysis", "/puzzles"]) {
        await page.goto(`${server.url}${path}?lang=${lang}`);
        const tops = await page.locator("header a:visible").evaluateAll((as) => as.map((a) => Math.round(a.getBoundingClientRect().top)));
        assert.ok(tops.length >= 10, `${lang} ${path}: ${tops.length} links`);
        assert.equal(new Set(tops).size, 1, `${lang} ${path}: the header's links on one line: ${tops}`);
        assert.equal(await page.locator("header .menu-toggle").isVisible(), false);
      }
      await newGame(page, server.url, { game: "wahree", level: 1, name: "Ann", lang });
      await waitForTurnOrEnd(page);
      const board = await box(page, "#game .board");
      const moves = await box(page, "#game .move-list");
      const controls = await box(page, "#game .game-side .controls");
      assert.ok(moves.left >= board.right && controls.left >= board.right, `${lang}: beside the board: ${JSON.stringify({ board, moves, controls })}`);
      assert.ok(controls.top < board.bottom, `${lang}: the controls start beside the board`);
      assert.ok(board.bottom <= 800, `${lang}: the board in the first screen: ${board.bottom}`);
      assert.ok(board.width >= 600, `${lang}: the board is ${board.width} px wide`);
      assert.ok(controls.bottom <= 800, `${lang}: the controls in the first screen: ${controls.bottom}`);
    }
  });

  browserTest("keyboard help is shown with a keyboard and not on a touch screen", () => browser, async (s) => {
    for (const phone of [false, true]) {
      const page = await s.page({ phone });
      await newGame(page, server.url, { game: "wahree", level: 1, name: "Kai" });
      await waitForTurnOrEnd(page);
      assert.equal(await page.locator("#game .keys-help").isVisible(), !phone, "the play page");
      await page.goto(`${server.url}/analysis?game=wahree`);
      await page.locator(".analysis-board .board").waitFor();
      assert.equal(await page.locator(".keys-help").isVisible(), !phone, "the analysis board");
      await page.goto(`${server.url}/puzzles/wahree-6d60a328`);
      await page.locator("#puzzle-board .board").waitFor();
      assert.equal(await page.locator(".keys-help").isVisible(), !phone, "a puzzle");
    }
  });
});
