// Issue 13: a lesson's exercise answered wrong and then right (on a phone),
// and the analysis board's editor setting up a position whose endgame
// database result it then shows (a small Oware database, built here with
// the `mancala` command in a fraction of a second).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe } from "node:test";
import { Server, browserTest, launchBrowser, repoRoot } from "./harness.mjs";

let server, browser, egdbDir;
before(async () => {
  egdbDir = fs.mkdtempSync(path.join(os.tmpdir(), "mancala-egdb-"));
  const cli = process.env.MANCALA_BIN || path.join(repoRoot, "target/release/mancala");
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: run \`cargo build --release -p mancala-cli\` first`);
  execFileSync(cli, ["egdb", "build", "--game", "oware-abapa", "--seeds", "6", "--out", path.join(egdbDir, "oware-abapa.egdb")], { stdio: "ignore" });
  server = await Server.start("learn", ["--egdb-dir", egdbDir]);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (egdbDir) fs.rmSync(egdbDir, { recursive: true, force: true });
});

describe("learn", () => {
  browserTest("a lesson's exercise: a wrong answer and a right one, checked by the server", () => browser, async (s) => {
    const page = await s.page({ phone: true });
    await page.goto(`${server.url}/learn/oware-abapa`);
    await page.getByRole("link", { name: "Sowing" }).click();
    await page.waitForURL(/\/learn\/oware-abapa\/sowing$/);
    assert.ok(await page.locator(".lesson-diagram .board[role=img]").count() >= 1);
    const exercise = page.locator("#ex-1");
    assert.match(await exercise.locator(".prompt").textContent(), /pit B/);
    // a puts its last seed in e: wrong, with the move's explanation.
    await exercise.getByRole("button", { name: "a", exact: true }).click();
    await page.waitForURL(/exercise=1&lang=en&move=a#ex-1$/);
    const wrong = page.locator("#ex-1 .feedback");
    assert.equal(await wrong.locator(".verdict.wrong strong").textContent(), "Not this one.");
    assert.match(await wrong.textContent(), /South sowed 4 seeds from a into b, c, d and e/);
    // d, chosen with the keyboard: right.
    await page.locator("#ex-1").getByRole("button", { name: "d", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/exercise=1&lang=en&move=d#ex-1$/);
    const right = page.locator("#ex-1 .feedback");
    assert.equal(await right.locator(".verdict.right strong").textContent(), "Right!");
    assert.equal(await right.locator(".board [data-pit=B]").getAttribute("data-seeds"), "5");
    // Nothing scrolls sideways on a phone.
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  });

  browserTest("the analysis board: set up a position in the editor and get its database result", () => browser, async (s) => {
    const page = await s.page();
    await page.goto(`${server.url}/analysis?game=oware-abapa`);
    const board = page.locator(".analysis-board .board");
    await board.waitFor();
    assert.equal(await page.locator(".analysis-board .pit[data-pit=a]").getAttribute("data-seeds"), "4");
    await page.getByRole("button", { name: "Set up" }).click();
    await page.getByRole("button", { name: "Empty board" }).click();
    const count = page.locator(".seed-count");
    assert.equal(await count.textContent(), "0 of 48 seeds");
    assert.match(await page.locator(".analysis-editor .error").textContent(), /make 0, but this game has 48/);
    await page.getByLabel("South's store", { exact: true }).fill("22");
    await page.getByLabel("North's store", { exact: true }).fill("22");
    // One seed each in c, e and B by tapping, and in D with the keyboard.
    for (const pit of ["c", "e", "B"]) await page.locator(`.analysis-board .pit[data-pit=${pit}]`).click();
    await page.locator(".analysis-board .pit[data-pit=D]").focus();
    await page.keyboard.press("+");
    assert.equal(await count.textContent(), "48 of 48 seeds");
    assert.equal(await page.locator(".analysis-editor .error").isHidden(), true);
    await page.getByRole("button", { name: "Done" }).click();
    const db = page.locator(".database-result");
    await page.waitForFunction(() => document.querySelector(".database-result")?.dataset.result);
    assert.equal(await db.textContent(), "win for North, database");
    assert.match(page.url(), /position=0%2C0%2C1%2C0%2C1%2C0%2F0%2C1%2C0%2C1%2C0%2C0\+22-22\+S/);
    // The engine's line comes too.
    await page.waitForFunction(() => /Best line: /.test(document.querySelector(".engine-line")?.textContent || ""));
    // Play c: a move in the tree, the position after it in the address.
    await page.locator(".analysis-board .pit[data-pit=c]").click();
    await page.locator(".tree-move", { hasText: "c" }).waitFor();
    await page.waitForURL(/22-22\+N/);
    // Back to the set-up position with the button, forward with the key.
    await page.getByRole("button", { name: "Back" }).click();
    await page.waitForURL(/22-22\+S/);
    await page.locator("h1").click();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL(/22-22\+N/);
  });
});
