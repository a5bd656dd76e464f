// A teacher's class tournament end to end: the teacher creates an account
// and a two-round Swiss on /tournaments, shares one link; four pupils on
// phones (each in a browser profile of their own) join as guests with a
// name; one game of round 1 is played on the site until a pupil resigns,
// the other results are entered by the teacher; everyone's page shows the
// standings, with the tie-breaks worked out by hand.
import assert from "node:assert/strict";
import { describe } from "node:test";
import { answerDialog, browserTest, createAccount, playMove, screenshot, sharedServerAndBrowser } from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("tournament", (s, b) => { server = s; browser = b; });

/// The boards of a round as shown: "first – second: result".
const boards = (page, round) => page.locator(`section.round[data-round="${round}"] tbody tr`).evaluateAll((rows) =>
  rows.map((r) => r.children[1].firstChild.textContent + ": " + r.children[2].textContent));

/// The standings as shown: place, name, points, Buchholz, Sonneborn-Berger.
const standings = (page) => page.locator("#standings tbody tr").evaluateAll((rows) =>
  rows.map((r) => [...r.children].slice(0, 5).map((c) => c.textContent).join(" ")));

describe("tournament", () => {
  browserTest("a class Swiss of four pupils on phones, two rounds, standings on every page", () => browser, async (s) => {
    const teacher = await s.page();
    await teacher.goto(server.url + "/tournaments");
    // Not signed in: the page offers to sign in or create an account.
    await createAccount(teacher, "Teacher");
    const form = teacher.locator("#create-form");
    await form.locator("input[name=name]").fill("Class 5B");
    await form.locator("select[name=game]").selectOption("wahree");
    await form.locator("select[name=system]").selectOption("swiss");
    await form.locator("input[name=rounds]").fill("2");
    await form.getByRole("button", { name: "Create the tournament" }).click();
    await teacher.waitForURL(/\/tournaments\/[a-z0-9]+$/);
    const link = await teacher.locator("#share-link").inputValue();
    assert.equal(link, teacher.url());
    assert.equal(await teacher.locator("#tournament-status").textContent(), "Registration is open");

    // Four pupils join with the link, on phones.
    const names = ["Ama", "Ben", "Cai", "Dan"];
    const pupils = {};
    for (const [i, name] of names.entries()) {
      const page = await s.page({ phone: true });
      await page.goto(link);
      await page.locator("#join-name").fill(name);
      await page.getByRole("button", { name: "Join", exact: true }).click();
      await page.locator("#you").filter({ hasText: `You are player ${i + 1}: ${name}.` }).waitFor();
      assert.equal(await page.locator("#join-form").isHidden(), true);
      pupils[name] = page;
    }
    // The teacher's page lists them without a reload.
    await teacher.locator("ol.players li").nth(3).waitFor();

    // Round 1: Ama – Cai and Dan – Ben.
    await teacher.locator("#start-round").click();
    await teacher.locator('section.round[data-round="1"]').waitFor();
    assert.deepEqual(await boards(teacher, 1), ["Ama – Cai: being played", "Dan – Ben: being played"]);

    // Every pupil on the tournament page is taken to their game when the
    // round starts. Ama and Cai play theirs on the site: Ama moves, then
    // Cai resigns.
    const firstGame = {};
    for (const name of names) {
      await pupils[name].waitForURL(/\/g\/[a-z0-9]+$/, { timeout: 15000 });
      firstGame[name] = new URL(pupils[name].url()).pathname;
    }
    assert.equal(firstGame.Ama, firstGame.Cai, "Ama and Cai play one game");
    // Before the end the game page names its tournament, with a link.
    const note = pupils.Ama.locator(".tournament-note a");
    await note.waitFor();
    assert.equal(new URL(await note.getAttribute("href"), server.url).pathname, new URL(link).pathname);
    await pupils.Ama.locator("#game .pit.legal").first().waitFor();
    await playMove(pupils.Ama, { tap: true });
    await pupils.Cai.getByRole("button", { name: "Resign" }).click();
    await answerDialog(pupils.Cai);
    await pupils.Cai.locator("#game .result").waitFor();
    // The end panel leads back to the tournament, on both sides.
    for (const name of ["Ama", "Cai"]) {
      const back = pupils[name].locator("a.tournament-link");
      await back.waitFor();
      assert.equal(new URL(await back.getAttribute("href"), server.url).pathname, new URL(link).pathname, name);
    }

    // Dan and Ben played on a wooden board: the teacher enters a draw.
    await teacher.locator("#result-1-2").selectOption("draw");
    await teacher.locator('section.round[data-round="1"] tbody tr').nth(1).getByRole("button", { name: "Enter the result" }).click();
    await teacher.waitForFunction(() => document.querySelector('section.round[data-round="1"] tbody tr:nth-child(1) .result-cell')?.textContent === "Ama won");
    assert.deepEqual(await boards(teacher, 1), ["Ama – Cai: Ama won", "Dan – Ben: drawn (entered)"]);

    // Round 2: Ben – Ama and Cai – Dan. Ama and Cai, still on their
    // finished game's page, are taken to their new games; the teacher
    // enters both results.
    await teacher.locator("#start-round").click();
    await teacher.locator('section.round[data-round="2"]').waitFor();
    assert.deepEqual(await boards(teacher, 2), ["Ben – Ama: being played", "Cai – Dan: being played"]);
    for (const name of ["Ama", "Cai"]) {
      await pupils[name].waitForURL((url) => /^\/g\/[a-z0-9]+$/.test(url.pathname) && url.pathname !== firstGame[name], { timeout: 15000 });
    }
    for (const [board, result] of [[1, "second"], [2, "first"]]) {
      await teacher.locator(`#result-2-${board}`).selectOption(result);
      await teacher.locator('section.round[data-round="2"] tbody tr').nth(board - 1).getByRole("button", { name: "Enter the result" }).click();
      await teacher.waitForFunction((b) => !document.querySelector(`section.round[data-round="2"] tbody tr:nth-child(${b}) .result-cell`).textContent.startsWith("being"), board);
    }
    await teacher.locator("#tournament-status").filter({ hasText: "Finished" }).waitFor();

    // Every pupil's page shows the same standings (polled, no reload).
    const expected = ["1 Ama 2 1.5 1.5", "2 Cai 1 2.5 0.5", "3 Ben 0.5 2.5 0.25", "4 Dan 0.5 1.5 0.25"];
    for (const name of names) {
      const page = pupils[name];
      if (!page.url().includes("/tournaments/")) await page.goto(link);
      await page.locator("#tournament-status").filter({ hasText: "Finished" }).waitFor();
      assert.deepEqual(await standings(page), expected, name);
      // A phone never scrolls sideways: the tables scroll inside themselves.
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(wide, false, `${name}'s page scrolls sideways`);
    }
    assert.deepEqual(await standings(teacher), expected);
    await screenshot(pupils.Dan, "phone-390-tournament");
    await screenshot(teacher, "desktop-1280-tournament");
  }, { timeout: 120_000 });

  browserTest("keyboard only: a pupil joins with Tab and Enter; a pupil's start-round is refused", () => browser, async (s) => {
    const teacher = await s.page();
    await teacher.goto(server.url + "/tournaments");
    const id = await teacher.evaluate(async () => {
      const json = { "Content-Type": "application/json" };
      await fetch("/api/account", { method: "POST", headers: json, body: JSON.stringify({ name: "Org2", password: "a long password" }) });
      const r = await fetch("/api/tournaments", { method: "POST", headers: json, body: JSON.stringify({ name: "Quiz", game: "oware-abapa", system: "round_robin" }) });
      return (await r.json()).id;
    });
    const pupil = await s.page();
    await pupil.goto(`${server.url}/tournaments/${id}`);
    await pupil.locator("#join-name").waitFor();
    // Tab from the top of the page until the name field has the focus.
    for (let i = 0; i < 30 && !(await pupil.evaluate(() => document.activeElement?.id === "join-name")); i++) {
      await pupil.keyboard.press("Tab");
    }
    await pupil.keyboard.type("Eli");
    await pupil.keyboard.press("Enter");
    await pupil.locator("#you").filter({ hasText: "You are player 1: Eli." }).waitFor();
    assert.equal(await pupil.locator("#start-round").count(), 0, "no start button for a player");
    const refused = await pupil.evaluate(async (tid) => {
      const r = await fetch(`/api/tournaments/${tid}/start-round`, { method: "POST" });
      return [r.status, (await r.json()).error.code];
    }, id);
    assert.deepEqual(refused, [403, "not_organiser"]);
  }, { timeout: 30_000 });
});
