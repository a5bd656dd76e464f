// A class as a teacher runs it (issue 33): the teacher registers and makes
// a class; four pupils take turns at one school computer, each joining
// with a first name only and then picking their name from the list that
// computer keeps; one pupil gets back in on a phone with the pupil code
// the teacher sees; the teacher removes a pupil (whose name then fails on
// the shared computer, calmly), and starts a class tournament with the
// pupils present, which takes the pupils' pages to it.
import assert from "node:assert/strict";
import { describe } from "node:test";
import { answerDialog, browserTest, createAccount, screenshot, sharedServerAndBrowser } from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("classes", (s, b) => { server = s; browser = b; });

const rosterNames = (page) => page.locator("table.roster-table tbody tr").evaluateAll((rows) => rows.map((r) => r.dataset.pupil));

describe("classes", () => {
  browserTest("a teacher's class: pupils share one computer, one signs in on a phone with the pupil code, a class tournament", () => browser, async (s) => {
    const teacher = await s.page();
    // Teachers find classes from the lessons (and the tournaments).
    await teacher.goto(server.url + "/learn");
    await teacher.locator("p.for-teachers a").click();
    await teacher.waitForURL("**/classes");
    await createAccount(teacher, "Ms-Lake", "Register");
    const form = teacher.locator("#class-form");
    await form.locator("input[name=class-name]").fill("Class 4B");
    assert.equal(await form.locator("select[name=game]").inputValue(), "wahree", "Wahree by default");
    await form.getByRole("button", { name: "Make the class" }).click();
    await teacher.waitForURL(/\/classes\/[a-z0-9]+$/);
    const code = await teacher.locator(".class-code").textContent();
    assert.match(code, /^[A-Z2-9]{6}$/);
    const link = await teacher.locator("a.join-link").getAttribute("href");
    assert.ok(link.endsWith("/classes/join/" + code), link);
    assert.equal(await teacher.locator("img.qr").evaluate((img) => img.complete && img.naturalWidth > 0), true, "the QR code is drawn");

    // One school computer, four pupils in turn: each joins with a first
    // name, then hands over with "Not you?".
    const shared = await s.page();
    await shared.goto(server.url + "/classes");
    await shared.locator("#code-form input[name=code]").fill(code.toLowerCase());
    await shared.locator("#code-form").getByRole("button", { name: "Join" }).click();
    await shared.waitForURL("**/classes/join/" + code);
    for (const name of ["Ama", "Ben", "Cai", "Dan"]) {
      await shared.locator("#join-form input[name=first-name]").fill(name);
      await shared.getByRole("button", { name: "Join the class" }).click();
      await shared.locator(".pupil-hello", { hasText: `Hello, ${name}!` }).waitFor();
      await shared.locator("#switch-pupil").click();
      await shared.locator("#join-form").waitFor();
    }
    // The computer keeps the names that joined on it.
    const picker = shared.locator(".pupil-picker button");
    assert.deepEqual(await picker.allTextContents(), ["Ama", "Ben", "Cai", "Dan"]);
    // A second Ama is told what to do.
    await shared.locator("#join-form input[name=first-name]").fill("ama");
    await shared.getByRole("button", { name: "Join the class" }).click();
    await shared.locator("[role=alert]", { hasText: "already has a pupil of that name" }).waitFor();
    await screenshot(shared, "desktop-1280-class-shared-computer");

    // The teacher's roster shows them, here now, without a reload.
    await teacher.waitForFunction(() => document.querySelectorAll("table.roster-table tbody tr").length === 4, null, { timeout: 15_000 });
    assert.deepEqual(await rosterNames(teacher), ["Ama", "Ben", "Cai", "Dan"]);
    assert.equal(await teacher.locator("table.roster-table tr.present").count(), 4);
    const amaCode = await teacher.locator('tr[data-pupil="Ama"] code.pupil-code').textContent();
    assert.match(amaCode, /^[A-Z2-9]{8}$/);

    // Ama on her own phone: the pupil code.
    const phone = await s.page({ phone: true });
    await phone.goto(link);
    await phone.locator("#pupil-code-form input[name=pupil-code]").fill(amaCode.toLowerCase());
    await phone.locator("#pupil-code-form").getByRole("button", { name: "Sign in" }).click();
    await phone.locator(".pupil-hello", { hasText: "Hello, Ama!" }).waitFor();
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(wide, false, "the pupil's page fits a phone");
    await screenshot(phone, "phone-390-class-pupil");

    // The teacher removes Dan; Dan's name on the shared computer then
    // fails with a message and leaves its list.
    await teacher.locator('tr[data-pupil="Dan"]').getByRole("button", { name: "Remove" }).click();
    const asked = await answerDialog(teacher);
    assert.match(asked, /deletes Dan's account/);
    await teacher.waitForFunction(() => document.querySelectorAll("table.roster-table tbody tr").length === 3);
    await shared.getByRole("button", { name: "Dan", exact: true }).click();
    await shared.locator("[role=alert]", { hasText: "No class or pupil has that code" }).waitFor();
    assert.deepEqual(await picker.allTextContents(), ["Ama", "Ben", "Cai"]);

    // Ben takes the shared computer by picking his name.
    await shared.getByRole("button", { name: "Ben", exact: true }).click();
    await shared.locator(".pupil-hello", { hasText: "Hello, Ben!" }).waitFor();
    await screenshot(teacher, "desktop-1280-class-teacher");

    // The class tournament: a round robin of the pupils here (all ticked).
    const ticked = await teacher.locator("#class-tournament-form input[name=pupil]:checked").evaluateAll((boxes) => boxes.map((b) => b.value));
    assert.deepEqual(ticked, ["Ama", "Ben", "Cai"]);
    await teacher.locator("#class-tournament-form select[name=system]").selectOption("round_robin");
    await teacher.getByRole("button", { name: "Start the tournament" }).click();
    await teacher.waitForURL(/\/tournaments\/[a-z0-9]+$/);
    await teacher.locator('section.round[data-round="1"]').waitFor();
    const tournament = new URL(teacher.url()).pathname;
    // The pupils' pages go to it, and on to their games (one pupil of
    // three has the bye).
    for (const page of [phone, shared]) {
      await page.waitForURL((url) => url.pathname === tournament || /^\/g\/[a-z0-9]+$/.test(url.pathname), { timeout: 20_000 });
    }
    const names = await teacher.locator("ol.players li").allTextContents();
    assert.equal(names.length, 3, `${names}`);
    for (const name of ["Ama", "Ben", "Cai"]) assert.ok(names.some((n) => n.includes(name)), `${names}`);
  }, { timeout: 120_000 });
});
