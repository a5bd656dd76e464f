// The board itself: drawn from the viewer's side, read by a screen reader,
// played with the keyboard, never waiting for an animation, and Anywoli's
// rows unbroken on a phone.
import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  answerDialog, boardArray, browserTest, fastest, legalLetters, moves, newGame, PHONE, playMove, screenshot,
  sharedServerAndBrowser, waitForRest, waitForTurnOrEnd,
} from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("board", (s, b) => { server = s; browser = b; });

/// Each row as drawn: its pits' letters in the page's order, with the
/// centre of each pit's hole, and each store's centre. Read in one go from
/// the document (the board is redrawn whenever news comes).
const layout = (page) => page.evaluate(() => {
  const node = document.querySelector("#game .board");
  const centre = (n) => { const r = n.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height }; };
  const row = (which) => [...node.querySelectorAll(`.row.${which} .pit`)].map((pit) =>
    ({ letter: pit.querySelector(".letter").textContent, ...centre(pit.querySelector(".hole")) }));
  return {
    bottom: row("near"), top: row("far"),
    south: centre(node.querySelector(".south-store")), north: centre(node.querySelector(".north-store")),
  };
});

const upper = (l) => l === l.toUpperCase();
const sorted = (xs) => [...xs].sort((a, b) => a - b);

/// The viewer's own row (`side`) is at the bottom, in sowing order from
/// their left; the other row above runs back right to left; each store on
/// its owner's right as the viewer sees it (so the opponent's on the left).
async function seenFrom(page, side) {
  const { bottom, top, south, north } = await layout(page);
  const mine = side === "north" ? upper : (l) => !upper(l);
  assert.ok(bottom.every((p) => mine(p.letter)), `bottom row ${bottom.map((p) => p.letter)} for ${side}`);
  assert.ok(top.every((p) => !mine(p.letter)), `top row ${top.map((p) => p.letter)} for ${side}`);
  const n = bottom.length;
  const letters = (upperCase) => Array.from({ length: n }, (_, i) => String.fromCharCode((upperCase ? 65 : 97) + i));
  // Sowing order: the bottom row left to right, the top row right to left.
  const byX = (row) => [...row].sort((a, b) => a.x - b.x).map((p) => p.letter);
  assert.deepEqual(byX(bottom), letters(side === "north"));
  assert.deepEqual(byX(top), letters(side !== "north").reverse());
  assert.ok(Math.min(...bottom.map((p) => p.y)) > Math.max(...top.map((p) => p.y)),
    `the own row is below the other: ${JSON.stringify({ bottom, top })}`);
  const [own, other] = side === "north" ? [north, south] : [south, north];
  assert.ok(own.x > Math.max(...bottom.map((p) => p.x)), "the own store is on the right");
  assert.ok(other.x < Math.min(...top.map((p) => p.x)), "the opponent's store is on the left");
}

/// Nothing scrolls sideways.
async function noSidewaysScroll(page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= page.viewportSize().width, `the page is ${width} px wide`);
}

describe("the board", () => {
  browserTest("against the computer as North, the person's row is at the bottom, on desktop and phone", () => browser, async (s) => {
    for (const phone of [false, true]) {
      const page = await s.page({ phone });
      const id = await newGame(page, server.url, { game: "wahree", level: 1, name: "Noor", side: "north" });
      // The computer (South) opens; then it is Noor's turn, from the bottom row.
      await waitForTurnOrEnd(page);
      await seenFrom(page, "north");
      assert.ok((await legalLetters(page)).every(upper));
      await screenshot(page, `${phone ? "phone-390" : "desktop-1280"}-north-computer`);
      await fastest(page);
      await playMove(page, { tap: phone });
      await waitForTurnOrEnd(page);
      await seenFrom(page, "north");
      const state = await server.state(id);
      assert.deepEqual(await boardArray(page), { board: state.board, captured: state.captured });
      if (phone) await noSidewaysScroll(page);
    }
  });

  browserTest("a friend invited as North sees their row at the bottom (desktop and phone); a spectator may turn the board", () => browser, async (s) => {
    for (const phone of [false, true]) {
      const ann = await s.page();
      await newGame(ann, server.url, { game: "oware-abapa", mode: "online", name: "Ann" });
      await seenFrom(ann, "south");
      // Before the friend joins, nothing can be played, and the page says why.
      assert.deepEqual(await legalLetters(ann), []);
      assert.equal(await ann.locator("#game .status").textContent(), "Waiting for your friend: you can move once they have joined.");
      await ann.locator("#game .pit", { has: ann.locator(".letter", { hasText: /^c$/ }) }).click({ force: true });
      await ann.locator("#game .error", { hasText: "Waiting for your friend" }).waitFor();
      assert.equal(await ann.locator("#game .flip").count(), 0, "a seated player's board is not turned");
      const invite = await ann.locator("#game .invite").inputValue();

      const ben = await s.page({ phone });
      await ben.goto(invite);
      await ben.locator("#game form.join input[name=name]").fill("Ben");
      await ben.locator("#game form.join button[type=submit]").click();
      await ben.locator("#game .board").waitFor();
      await seenFrom(ben, "north");
      await screenshot(ben, `${phone ? "phone-390" : "desktop-1280"}-north-invited`);
      if (phone) await noSidewaysScroll(ben);
      // Ann may move now; Ben sees it from his side.
      await ann.locator("#game button.pit.legal").first().waitFor();
      await fastest(ann);
      await fastest(ben);
      await playMove(ann);
      await ben.waitForFunction(() => document.querySelectorAll("#game .moves li").length === 1);
      await ben.locator("#game button.pit.legal").first().waitFor();
      assert.ok((await legalLetters(ben)).every(upper));
      await seenFrom(ben, "north");

      if (!phone) {
        // A spectator sees South at the bottom, turns the board, and finds
        // it turned after a reload.
        const cy = await s.page();
        await cy.goto(invite.replace(/\?.*/, ""));
        await cy.locator("#game .board").waitFor();
        await seenFrom(cy, "south");
        const flip = cy.locator("#game button.flip");
        assert.equal(await flip.getAttribute("aria-pressed"), "false");
        await flip.click();
        await seenFrom(cy, "north");
        await cy.reload();
        await cy.locator("#game .board").waitFor();
        await seenFrom(cy, "north");
        assert.equal(await cy.locator("#game button.flip").getAttribute("aria-pressed"), "true");
      }
    }
  });

  browserTest("keyboard only: Tab to the board, arrows, Enter; focus stays on the board and the reply is announced", () => browser, async (s) => {
    const page = await s.page();
    const id = await newGame(page, server.url, { game: "oware-abapa", level: 1, name: "Kim" });
    await page.locator("#game button.pit.legal").first().waitFor();
    await page.locator("body").focus();
    let focused = null;
    for (let i = 0; i < 60 && !focused; i++) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement.closest("#game .board .pit")?.dataset.pit ?? null);
    }
    assert.equal(focused, "a", "Tab reaches the board at the first pit of the player's row");
    const pitInFocus = () => page.evaluate(() => document.activeElement.closest("#game .board .pit")?.dataset.pit ?? null);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    assert.equal(await pitInFocus(), "c");
    await page.keyboard.press("ArrowUp");
    assert.equal(await pitInFocus(), "D", "above c is North's D");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    assert.equal(await pitInFocus(), "f");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    assert.equal(await pitInFocus(), "b");

    // The focus ring: white and near-black rings around the pit, unlike the
    // yellow ring of the last move, and at least 3:1 against the wood.
    const ring = await page.evaluate(() => {
      const cs = getComputedStyle(document.activeElement);
      return { outline: cs.outlineColor, style: cs.outlineStyle, width: cs.outlineWidth, shadow: cs.boxShadow };
    });
    assert.equal(ring.outline, "rgb(255, 255, 255)");
    assert.equal(ring.style, "solid");
    assert.match(ring.shadow, /rgb\(17, 17, 17\)/);
    const luminance = ([r, g, b]) => {
      const c = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
    };
    const contrast = (a, b) => { const [x, y] = sorted([luminance(a), luminance(b)]); return (y + 0.05) / (x + 0.05); };
    const wood = [0x8a, 0x5a, 0x2b], hole = [0xf3, 0xe3, 0xc7];
    assert.ok(contrast([255, 255, 255], wood) >= 3, "white against the wood");
    assert.ok(contrast([17, 17, 17], hole) >= 3, "black against the hole");

    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelectorAll("#game .moves li").length >= 2);
    await page.locator("#game button.pit.legal").first().waitFor();
    const state = await server.state(id);
    assert.equal(state.moves[0], "b");
    assert.equal(await pitInFocus(), "b", "the focus is still on the board after the reply");
    // The computer's move, read out in the live region (outside the redrawn part).
    const live = page.locator("#announce");
    assert.equal(await live.getAttribute("aria-live"), "polite");
    await page.waitForFunction((m) => document.getElementById("announce").textContent.includes(` ${m}`), state.moves[1]);
    assert.match(await live.textContent(), /^North sowed \d+ seeds from [A-F].*Your turn/);
    // The last move's mark differs from the focus ring.
    const last = await page.evaluate(() => {
      const hole = document.querySelector("#game .pit.last:not(.captured) .hole");
      return hole ? getComputedStyle(hole).boxShadow : null;
    });
    if (last !== null) assert.match(last, /rgb\(242, 183, 5\)/);
    // Space plays too, and the focus stays.
    await page.keyboard.press("ArrowRight");
    const next = await pitInFocus();
    const legal = await legalLetters(page);
    if (legal.includes(next)) {
      await page.keyboard.press(" ");
      await page.waitForFunction(() => document.querySelectorAll("#game .moves li").length >= 3);
      assert.equal(await pitInFocus(), next);
    }
  });

  browserTest("each pit, store and clock says whose it is, with the count in the right plural, in three languages", () => browser, async (s) => {
    const page = await s.page();
    const id = await newGame(page, server.url, { game: "oware-abapa", level: 1, name: "Lin" });
    const label = (letter) => page.locator("#game .pit", { has: page.locator(".letter", { hasText: new RegExp(`^${letter}$`) }) }).getAttribute("aria-label");
    assert.equal(await label("a"), "pit a, yours, 4 seeds");
    assert.equal(await label("A"), "pit A, North's, 4 seeds");
    assert.equal(await page.locator("#game .south-store").getAttribute("aria-label"), "your store, 0 seeds");
    assert.equal(await page.locator("#game .north-store").getAttribute("aria-label"), "North's store, 0 seeds");
    // Play until some pit holds one seed, for the singular.
    await fastest(page);
    let one = null;
    for (let i = 0; i < 30 && !one; i++) {
      await playMove(page);
      await waitForTurnOrEnd(page);
      const state = await server.state(id);
      if (state.over) break;
      const at = state.board.indexOf(1);
      if (at >= 0) one = at < 6 ? String.fromCharCode(97 + at) : String.fromCharCode(65 + at - 6);
    }
    assert.ok(one, "a pit with one seed");
    const owner = one === one.toLowerCase();
    assert.equal(await label(one), owner ? `pit ${one}, yours, 1 seed` : `pit ${one}, North's, 1 seed`);
    for (const [lang, yours, theirs] of [
      ["vi", `ô ${one}, của bạn, 1 hạt`, `ô ${one}, của Bắc, 1 hạt`],
      ["nl", `putje ${one}, van jou, 1 zaad`, `putje ${one}, van Noord, 1 zaad`],
    ]) {
      await page.goto(`${server.url}/g/${id}?lang=${lang}`);
      await page.locator("#game .board").waitFor();
      assert.equal(await label(one), owner ? yours : theirs);
    }
    const state = await server.state(id);
    const many = state.board.findIndex((n) => n > 1);
    const letter = many < 6 ? String.fromCharCode(97 + many) : String.fromCharCode(65 + many - 6);
    assert.match(await label(letter), new RegExp(`^putje ${letter}, van (jou|Noord), ${state.board[many]} zaden$`));
    assert.equal(await page.locator("#game .north-store").getAttribute("aria-label"), `voorraad van Noord, ${state.captured[1]} ${state.captured[1] === 1 ? "zaad" : "zaden"}`);

    // Clocks in a timed game at one screen: each names its side.
    await page.goto(`${server.url}/new?game=wahree&lang=en`);
    await page.locator("#new-game input[name=mode][value=local]").check();
    await page.locator("#new-game input[name=timed]").check();
    await page.locator("#new-game button[type=submit]").click();
    await page.locator("#game .clock").first().waitFor();
    assert.equal(await page.locator('#game .clock[data-side="south"]').getAttribute("aria-label"), "South's time left");
    assert.equal(await page.locator('#game .clock[data-side="north"]').getAttribute("aria-label"), "North's time left");
  });

  browserTest("Anywoli on a 390 px phone: each row of 12 in one unbroken column, no sideways scroll", () => browser, async (s) => {
    for (const dark of [false, true]) {
      const page = await s.page({ phone: true });
      if (dark) await page.emulateMedia({ colorScheme: "dark" });
      await newGame(page, server.url, { game: "anywoli", level: 1, name: "Ama" });
      await waitForTurnOrEnd(page);
      const { bottom, top, south, north } = await layout(page);
      for (const [name, row] of [["bottom", bottom], ["top", top]]) {
        assert.equal(row.length, 12);
        const xs = row.map((p) => p.x);
        assert.ok(Math.max(...xs) - Math.min(...xs) < 1, `the ${name} row is one column: x ${xs}`);
        for (const p of row) assert.ok(p.w >= 24 && p.h >= 24, `pit ${p.letter} is ${p.w} x ${p.h}`);
      }
      // The sowing runs round: a..l down the left, A..L up the right.
      assert.ok(bottom[0].x < top[0].x);
      const byY = (row) => [...row].sort((a, b) => a.y - b.y).map((p) => p.letter).join("");
      assert.equal(byY(bottom), "abcdefghijkl");
      assert.equal(byY(top), "LKJIHGFEDCBA");
      assert.ok(south.y > bottom[11].y && north.y < top[0].y, "the own store below, the other's above");
      // Every pit can be tapped: the whole line is the button, inside the screen.
      const buttons = await page.locator("#game .pit").evaluateAll((nodes) => nodes.map((n) => {
        const r = n.getBoundingClientRect();
        return { left: r.left, right: r.right, height: r.height };
      }));
      for (const b of buttons) assert.ok(b.left >= 0 && b.right <= PHONE.width && b.height >= 24, JSON.stringify(b));
      await noSidewaysScroll(page);
      await screenshot(page, `phone-390-anywoli${dark ? "-dark" : ""}`);
      await fastest(page);
      await playMove(page, { tap: true });
      await waitForTurnOrEnd(page);
      await noSidewaysScroll(page);
    }
    // The rules page's starting board stands upright too, and its note says so.
    const rules = await s.page({ phone: true });
    await rules.goto(`${server.url}/games/anywoli`);
    assert.equal(await rules.locator(".start-board .pit .seeds i").count(), 96, "four seeds drawn in each pit");
    const columns = await rules.locator(".start-board .row.near .pit .hole").evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().left));
    assert.ok(Math.max(...columns) - Math.min(...columns) < 1, `the diagram's row is one column: ${columns}`);
    assert.equal(await rules.locator(".upright-note").isVisible(), true);
    assert.match(await rules.locator(".upright-note").textContent(), /South's row runs down the left/);
    assert.equal(await rules.locator(".start-board .diagram + .note").isVisible(), false);
    await noSidewaysScroll(rules);

    const desktop = await s.page();
    await newGame(desktop, server.url, { game: "anywoli", level: 1, name: "Ama" });
    await seenFrom(desktop, "south");
    const { bottom } = await layout(desktop);
    assert.ok(Math.max(...bottom.map((p) => p.y)) - Math.min(...bottom.map((p) => p.y)) < 1, "one line at 1280 px");
    await screenshot(desktop, "desktop-1280-anywoli");
    await desktop.emulateMedia({ colorScheme: "dark" });
    await screenshot(desktop, "desktop-1280-anywoli-dark");
  });

  browserTest("Anywoli: the next move is played while the last one is still being sown, with no wait", () => browser, async (s) => {
    const page = await s.page();
    const id = await newGame(page, server.url, { game: "anywoli", level: 1, name: "Ama" });
    // The default speed animates seed by seed. Watch for the status saying
    // "Your turn" while no pit can be played.
    await page.evaluate(() => {
      window.__blocked = 0;
      new MutationObserver(() => {
        const status = document.querySelector("#game .status");
        if (status && status.textContent.startsWith("Your turn") && !document.querySelector("#game button.pit.legal")) window.__blocked += 1;
      }).observe(document.getElementById("game"), { childList: true, subtree: true, characterData: true });
    });
    let legal = await legalLetters(page);
    const started = Date.now();
    await page.locator("#game button.pit.legal", { has: page.locator(".letter", { hasText: new RegExp(`^${legal[0]}$`) }) }).click();
    // Our turn again once the computer has answered, though the sowing goes on.
    await page.locator("#game button.pit.legal").first().waitFor({ timeout: 10_000 });
    const turn = Date.now() - started;
    const stillSowing = await page.locator("#game .skip-sowing").count();
    legal = await legalLetters(page);
    const clicked = Date.now();
    await page.locator("#game button.pit.legal", { has: page.locator(".letter", { hasText: new RegExp(`^${legal[legal.length - 1]}$`) }) }).click();
    await page.waitForFunction(() => document.querySelectorAll("#game .moves li").length >= 3);
    const answered = Date.now() - clicked;
    const state = await server.state(id);
    assert.ok(state.moves.length >= 3, `moves ${state.moves}`);
    assert.ok(turn < 8_000, `our turn came ${turn} ms after the first move`);
    assert.ok(answered < 3_000, `the second move took ${answered} ms to be accepted`);
    console.log(`turn after ${turn} ms (sowing still shown: ${stillSowing > 0}), second move accepted in ${answered} ms`);
    assert.equal(await page.evaluate(() => window.__blocked), 0, "the status said 'Your turn' while no pit could be played");
    // The skip control ends the sowing shown at once.
    if (await page.locator("#game .skip-sowing").count()) {
      await page.locator("#game .skip-sowing").click();
      await page.locator("#game .skip-sowing").waitFor({ state: "detached", timeout: 2_000 });
    }
    await waitForRest(page);
    await waitForTurnOrEnd(page);
    const now = await server.state(id);
    assert.deepEqual(await boardArray(page), { board: now.board, captured: now.captured });
    assert.deepEqual(await moves(page), now.moves);
  });

  browserTest("an agreed end is offered only after a confirmation that says what it means", () => browser, async (s) => {
    const page = await s.page();
    const id = await newGame(page, server.url, { game: "wahree", level: 1, name: "Ola" });
    await fastest(page);
    await playMove(page);
    await waitForTurnOrEnd(page);
    // No browser dialog: the site's own (a modal <dialog>), named by its text.
    let native = 0;
    page.on("dialog", (dialog) => { native += 1; dialog.dismiss(); });
    const offer = page.locator("#game .controls button", { hasText: "Offer to end" });
    await offer.click();
    const dialog = page.getByRole("dialog", { name: /^Offer to end the game because the seeds circulate\?/ });
    await dialog.waitFor();
    // The safe choice has the focus; Escape cancels.
    assert.equal(await page.evaluate(() => document.activeElement.value), "no");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    let state = await server.state(id);
    assert.equal(state.offer, null, "nothing was sent");
    await offer.click();
    assert.equal(await answerDialog(page, false), "Offer to end the game because the seeds circulate? If your opponent accepts, the game ends at once: each player takes the seeds left in their own row, and whoever then has more seeds wins.");
    state = await server.state(id);
    assert.equal(state.over, false, "nothing was sent");
    assert.equal(state.offer, null);
    assert.equal(state.moves.length >= 2, true);
    // Confirmed: the offer goes (the computer answers it one way or the other).
    await offer.click();
    await answerDialog(page);
    await page.waitForFunction(() => document.querySelector("#game .result")
      || [...document.querySelectorAll("#game .notice")].some((n) => n.textContent.includes("declines")));
    state = await server.state(id);
    if (state.over) assert.equal(state.ending, "agreed");
    assert.equal(native, 0, "no browser dialog");

    // Barbados (Speightstown) says the seeds stay uncaptured, in Dutch too.
    const other = await s.page({ locale: "nl-NL" });
    await newGame(other, server.url, { game: "barbados-warri", level: 1, name: "Pim", lang: "nl" });
    await fastest(other);
    await playMove(other);
    await waitForTurnOrEnd(other);
    await other.locator("#game .controls button", { hasText: "Voorstellen te stoppen" }).click();
    assert.equal(await other.locator("dialog.dialog button[value=no]").textContent(), "Annuleren");
    const text = await answerDialog(other, false);
    assert.match(text, /de zaden op het bord blijven liggen en, omdat niemand de 25 zaden heeft/);
    // Resigning asks too, and a cancel keeps the game.
    await other.locator("#game .controls button", { hasText: "Opgeven" }).click();
    assert.equal(await answerDialog(other, false), "Deze partij echt opgeven?");
    assert.equal((await other.locator("#game .result").count()), 0);
  });
});
