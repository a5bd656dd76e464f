// One board everywhere: the play page's board is the board of the rules
// pages, the lessons, the analysis board and the puzzles, with the row of
// the player (the solver, the side to move in an exercise, the mover of a
// move shown) at the bottom, its seeds drawn; and every text on a board
// stands out from what is behind it in the light and the dark scheme.
import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  browserTest, bundledPuzzles, newGame, screenshot, sharedServerAndBrowser, waitForTurnOrEnd,
} from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("boards", (s, b) => { server = s; browser = b; });

// A puzzle whose solver is North (the position ends with "N").
const northPuzzle = bundledPuzzles("wahree").find((p) => p.position.trim().endsWith("N"));

/// What a board shows, read from the document: the side its bottom row
/// belongs to, each row's letters in sowing order as drawn, whether the
/// rows lie one above the other (wide) or side by side (upright), the
/// seeds drawn, and whether it is the play page's board (a `.board` with
/// stores and rows of pits, each a hole and a label with letter and count).
const facts = (page, selector) => page.locator(selector).first().evaluate((node) => {
  const centre = (n) => { const r = n.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; };
  const row = (which) => [...node.querySelectorAll(`.row.${which} .pit`)].map((pit) => ({ letter: pit.dataset.pit, ...centre(pit.querySelector(".hole")) }));
  const near = row("near"), far = row("far");
  const mean = (ps, k) => ps.reduce((a, p) => a + p[k], 0) / ps.length;
  const upright = Math.abs(mean(near, "x") - mean(far, "x")) > Math.abs(mean(near, "y") - mean(far, "y"));
  // Sowing order: the near row left to right (upright: top to bottom), the
  // far row back the other way.
  const along = (ps, reverse) => [...ps].sort((a, b) => (upright ? a.y - b.y : a.x - b.x) * (reverse ? -1 : 1)).map((p) => p.letter).join("");
  const pits = [...node.querySelectorAll(".pit")];
  return {
    component: node.classList.contains("board") && !!node.querySelector(".top-store .count") && !!node.querySelector(".bottom-store .count")
      && pits.every((p) => p.querySelector(".hole") && p.querySelector(".label .letter") && p.querySelector(".label .count")),
    bottomSide: node.classList.contains("bottom-north") ? "north" : "south",
    near: along(near, false),
    far: along(far, true),
    // Wide: the near row below the far one; upright: to its left.
    nearIsBottom: upright ? mean(near, "x") < mean(far, "x") : mean(near, "y") > mean(far, "y"),
    seedsDrawn: node.querySelectorAll(".pit .hole .seeds i").length,
    seedsCounted: pits.reduce((a, p) => a + Math.min(20, Number(p.querySelector(".count").textContent)), 0),
  };
});

const south = (n) => "abcdefghijkl".slice(0, n);
const north = (n) => "ABCDEFGHIJKL".slice(0, n);

/// The board `selector` on `page` is the component, seen from `side`.
async function seenFrom(page, selector, side, n, where) {
  const f = await facts(page, selector);
  assert.ok(f.component, `${where}: the play page's board`);
  assert.equal(f.bottomSide, side, `${where}: ${side}'s row at the bottom`);
  assert.equal(f.near, side === "south" ? south(n) : north(n), `${where}: the bottom row in sowing order`);
  assert.equal(f.far, side === "south" ? north(n) : south(n), `${where}: the top row`);
  assert.ok(f.nearIsBottom, `${where}: the player's row is drawn nearest`);
  assert.equal(f.seedsDrawn, f.seedsCounted, `${where}: every seed drawn in its hole`);
}

describe("one board everywhere", () => {
  browserTest("the rules pages, lessons, analysis board, puzzles and play page show the play page's board from the player's side", () => browser, async (s) => {
    for (const phone of [false, true]) {
      const page = await s.page({ phone });
      const where = (w) => `${w} (${phone ? "phone" : "desktop"})`;
      // The rules page: the starting board and a worked example (the mover's side).
      await page.goto(`${server.url}/games/wahree`);
      await seenFrom(page, ".board.diagram", "south", 6, where("rules page"));
      // A lesson of Anywoli: North to move in the first exercise.
      await page.goto(`${server.url}/learn/anywoli/fours`);
      await seenFrom(page, "#ex-1 .board", "north", 12, where("lesson exercise for North"));
      await page.goto(`${server.url}/learn/oware-abapa/sowing`);
      await seenFrom(page, "#ex-1 .board", "south", 6, where("lesson exercise for South"));
      // The analysis board: South below, turned with its button.
      await page.goto(`${server.url}/analysis?game=oware-abapa`);
      await page.locator(".analysis-board .board").waitFor();
      await seenFrom(page, ".analysis-board .board", "south", 6, where("analysis board"));
      await page.locator(".analysis-controls button.flip").click();
      await seenFrom(page, ".analysis-board .board", "north", 6, where("analysis board turned"));
      assert.match(page.url(), /bottom=north/);
      // A puzzle that North solves: North's row at the bottom.
      await page.goto(`${server.url}/puzzles/${northPuzzle.id}`);
      await page.locator('#puzzle-board .board').waitFor();
      await seenFrom(page, "#puzzle-board .board", "north", 6, where("puzzle solved by North"));
      await screenshot(page, `${phone ? "phone-390" : "desktop-1280"}-puzzle-north`);
      // The play page, as North against the computer.
      await newGame(page, server.url, { game: "wahree", level: 1, name: "Noor", side: "north" });
      await waitForTurnOrEnd(page);
      await seenFrom(page, "#game .board", "north", 6, where("play page as North"));
      // Its analysis link opens the position from the same side.
      const link = await page.locator("a.analyse-link").getAttribute("href");
      assert.match(link, /bottom=north/);
    }
  });
});

/// The lowest contrast (WCAG's formula) of any text on the boards matched by
/// `selector`, as rendered: each text's colour (with the opacity of it and
/// its ancestors) against every colour behind it (the first ancestor with
/// a background colour, and each colour of a gradient on the way), with
/// the text and the colour for the message.
const lowestContrast = (page, selector) => page.evaluate((selector) => {
  const parse = (text) => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(text);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
  };
  const luminance = ([r, g, b]) => {
    const c = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
  };
  const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => p - q); return (y + 0.05) / (x + 0.05); };
  const blend = (fg, bg, alpha) => fg.slice(0, 3).map((v, i) => v * alpha + bg[i] * (1 - alpha));
  // The colours behind an element: gradients' colours on the way up, down
  // to the first solid background (the page's at the end).
  const behind = (node) => {
    const colours = [];
    for (let n = node; n; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.backgroundImage && cs.backgroundImage !== "none") {
        for (const m of cs.backgroundImage.matchAll(/rgba?\([^)]*\)/g)) colours.push(parse(m[0]));
      }
      const bg = parse(cs.backgroundColor);
      if (bg && bg[3] > 0.5) { colours.push(bg); break; }
    }
    if (!colours.length) colours.push([255, 255, 255, 1]);
    return colours;
  };
  let worst = { ratio: Infinity };
  let texts = 0;
  for (const board of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const node = t.parentElement;
      if (!t.textContent.trim() || !node.getClientRects().length) continue;
      let alpha = 1;
      for (let n = node; n; n = n.parentElement) alpha *= Number(getComputedStyle(n).opacity);
      const colour = parse(getComputedStyle(node).color);
      texts += 1;
      for (const bg of behind(node)) {
        const fg = blend(colour, bg, alpha * colour[3]);
        const ratio = contrast(fg, bg);
        if (ratio < worst.ratio) worst = { ratio, text: t.textContent.trim(), colour: fg.map(Math.round).join(","), background: bg.slice(0, 3).join(","), cls: node.className };
      }
    }
  }
  return { ...worst, texts };
}, selector);

describe("board contrast", () => {
  browserTest("every text on every board has at least 4.5:1 contrast, in the light and the dark scheme", () => browser, async (s) => {
    const page = await s.page();
    const id = await newGame(page, server.url, { game: "anywoli", level: 1, name: "Ama" });
    const places = [
      ["rules page", "/games/anywoli", ".board"],
      ["rules page (Barbados)", "/games/barbados-warri", ".board"],
      ["lesson", "/learn/oware-abapa/captures?exercise=1&move=e", ".board"],
      ["lesson (Anywoli)", "/learn/anywoli/fours", ".board"],
      ["puzzle", `/puzzles/${northPuzzle.id}`, "#puzzle-board .board"],
      ["analysis board", "/analysis?game=wahree", ".analysis-board .board"],
      ["play page", `/g/${id}`, "#game .board"],
    ];
    for (const scheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [name, url, selector] of places) {
        await page.goto(`${server.url}${url}`);
        await page.locator(selector).first().waitFor();
        const worst = await lowestContrast(page, selector);
        assert.ok(worst.texts >= 12, `${name}: ${worst.texts} texts read`);
        assert.ok(worst.ratio >= 4.5, `${name} (${scheme}): "${worst.text}" (${worst.cls}) rgb(${worst.colour}) on rgb(${worst.background}) is ${worst.ratio.toFixed(2)}:1`);
      }
    }
  });
});

describe("puzzles and the catalogue", () => {
  browserTest("the puzzle's hint and solution are styled as the rest of the site: no overlapping numbers, no bare buttons", () => browser, async (s) => {
    for (const phone of [false, true]) {
      const page = await s.page({ phone });
      await page.goto(`${server.url}/puzzles/${northPuzzle.id}`);
      await page.locator('#puzzle-board[data-ready="true"]').waitFor();
      const hint = page.locator("#puzzle-hint");
      const look = await hint.evaluate((n) => {
        const cs = getComputedStyle(n);
        return { cls: n.className, radius: cs.borderRadius, height: n.getBoundingClientRect().height, font: cs.fontFamily };
      });
      assert.match(look.cls, /\bbutton\b/);
      assert.equal(look.radius, "8px");
      assert.ok(look.height >= 44, `the hint is ${look.height} px high`);
      assert.equal(look.font, await page.evaluate(() => getComputedStyle(document.body).fontFamily), "the site's font");
      // A wrong move: the solution is shown, numbered, each step a button.
      const first = northPuzzle.moves.split(" ")[0];
      await page.locator("#puzzle-board button.pit.legal").filter({ hasNot: page.locator(`.letter:text-is("${first}")`) }).first().click();
      await page.locator("#puzzle-solution").waitFor({ state: "visible" });
      const steps = await page.locator("#puzzle-line li").evaluateAll((lis) => lis.map((li) => {
        const b = li.querySelector("button").getBoundingClientRect();
        const number = getComputedStyle(li, "::before").content;
        return { number, marker: getComputedStyle(li).listStyleType, li: li.getBoundingClientRect().left, left: b.left, right: b.right, top: b.top, bottom: b.bottom, cls: li.querySelector("button").className };
      }));
      assert.ok(steps.length >= 2);
      steps.forEach((st, i) => {
        assert.equal(st.marker, "none", "no list marker to overlap the buttons");
        assert.match(st.cls, /tree-move/);
        if (i > 0) {
          assert.match(st.number, /counter\(step\)/, `step ${i} is numbered`);
          assert.ok(st.left - st.li >= 8, `step ${i}: its number has room before the button`);
        }
      });
      for (let i = 1; i < steps.length; i++) {
        const a = steps[i - 1], b = steps[i];
        const overlap = a.right > b.left && b.right > a.left && a.bottom > b.top && b.bottom > a.top;
        assert.ok(!overlap, `steps ${i - 1} and ${i} overlap`);
      }
      // A step shows its position and is marked as the one shown.
      await page.locator("#puzzle-line button").nth(1).click();
      assert.equal(await page.locator("#puzzle-line button").nth(1).getAttribute("aria-current"), "true");
    }
  });

  browserTest("each catalogue card has a small picture of the game's starting board", () => browser, async (s) => {
    for (const phone of [false, true]) {
      const page = await s.page({ phone });
      await page.goto(server.url);
      const cards = await page.locator(".cards .card").evaluateAll((cards) => cards.map((card) => {
        const board = card.querySelector(".board.mini");
        if (!board) return null;
        const c = card.getBoundingClientRect(), b = board.getBoundingClientRect();
        return {
          pits: board.querySelectorAll(".pit").length, perRow: Number(board.dataset.pits),
          seeds: board.querySelectorAll(".pit .seeds i").length, inside: b.left >= c.left && b.right <= c.right,
          rows: new Set([...board.querySelectorAll(".row.near .pit")].map((p) => Math.round(p.getBoundingClientRect().top))).size,
          hidden: board.getAttribute("aria-hidden"),
        };
      }));
      assert.equal(cards.length, 5, "one card a game page: Barbados Warri, Wahree, Anywoli, Oware, Round-and-Round Warri");
      for (const card of cards) {
        assert.ok(card, "a board picture on every card");
        assert.equal(card.pits, 2 * card.perRow);
        assert.equal(card.seeds, 8 * card.perRow, "four seeds drawn in each pit");
        assert.ok(card.inside, "inside its card");
        assert.equal(card.rows, 1, "its rows lie flat, even on a phone");
        assert.equal(card.hidden, "true", "a picture: the card says the board's size in words");
      }
    }
  });
});
