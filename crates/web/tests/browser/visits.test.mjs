// Visits by guests and players that used to go wrong (issue 31): a guest's
// console on the tournaments page, a used invitation, a correspondence
// invitation, quick pairing's rated choice, and coming back after
// registering.
import assert from "node:assert/strict";
import { describe } from "node:test";
import { browserTest, createAccount, screenshot, sharedServerAndBrowser } from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("visits", (s, b) => { server = s; browser = b; });

/// Records every answer of 400 or more a page gets (what the console
/// shows as a failed request).
function failures(page) {
  const failed = [];
  page.on("response", (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  return failed;
}

async function post(path, body) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.ok, `${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

describe("visits", () => {
  browserTest("a guest on the tournaments page sees the sign-in form and no failed request", () => browser, async (s) => {
    const page = await s.page();
    const failed = failures(page);
    await page.goto(`${server.url}/tournaments`);
    await page.locator("#account-form").waitFor();
    assert.deepEqual(failed, []);
  });

  browserTest("a used invitation shows its visitor the game, calmly, with no refused request", () => browser, async (s) => {
    const made = await post("/api/games", { game: "wahree", mode: "online", name: "Ann" });
    const invite = made.invite_url.split("invite=")[1];
    await post(`/api/games/${made.id}/join`, { invite, name: "Ben" });
    const page = await s.page({ phone: true });
    const failed = failures(page);
    await page.goto(made.invite_url);
    await page.locator("#notice", { hasText: "This invitation has already been taken: you are watching the game." }).waitFor();
    assert.equal(await page.locator("#game .error").count(), 0);
    assert.deepEqual(failed, []);
    await screenshot(page, "phone-390-used-invitation");
  });

  browserTest("a correspondence invitation names the days a move and that a late move loses", () => browser, async (s) => {
    const made = await post("/api/games", { game: "oware-abapa", mode: "online", name: "Ann", days_per_move: 3 });
    const page = await s.page();
    await page.goto(made.invite_url);
    const clock = page.locator(".invite-clock");
    await clock.waitFor();
    assert.equal(await clock.textContent(), "Correspondence: 3 days a move. A move not made in time loses the game.");
  });

  browserTest("registering from the lobby comes back to the lobby, where quick pairing can be rated", () => browser, async (s) => {
    const page = await s.page();
    await page.goto(`${server.url}/lobby`);
    assert.ok(await page.locator("#quick-rated").isDisabled(), "a guest cannot ask for a rated pairing");
    assert.equal(await page.locator("button.quick").count(), 5);
    await page.locator("header a[href='/account']").click();
    const form = page.locator("#register");
    await form.locator("input[name=name]").fill("Esi_V");
    await form.locator("input[name=password]").fill("seeds in the wind");
    await form.locator("input[name=password]").press("Enter");
    await page.waitForURL(`${server.url}/lobby`);
    await page.locator("header [data-account='Esi_V']").waitFor();
    // Signed in: a rated quick pairing, which the server keeps as rated.
    await page.locator("#quick-rated").check();
    await page.locator("button.quick", { hasText: "Wahree 5+3" }).click();
    await page.locator("#quick-status", { hasText: "Wahree 5+3" }).waitFor();
    const lobby = await (await fetch(`${server.url}/api/lobby`)).json();
    assert.equal(lobby.quick["wahree 300+3 rated"], 1, JSON.stringify(lobby.quick));
  });

  browserTest("after registering, a `next` that names another site leads home, never away", () => browser, async (s) => {
    const page = await s.page();
    // The browser reads "/\\evil.example" as "//evil.example": another site.
    await page.goto(`${server.url}/account?next=${encodeURIComponent("/\\evil.example/x")}`);
    const form = page.locator("#register");
    await form.locator("input[name=name]").fill("Kojo_R");
    await form.locator("input[name=password]").fill("seeds in the wind");
    await form.locator("input[name=password]").press("Enter");
    await page.waitForURL(`${server.url}/`);
    await page.locator("header [data-account='Kojo_R']").waitFor();
    assert.equal(new URL(page.url()).origin, server.url);
  });
});

describe("tournament link", () => {
  browserTest("the organiser copies the join link or shows its QR code, and a phone's standings fit", () => browser, async (s) => {
    const context = await s.context();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const teacher = s.watch(await context.newPage());
    await teacher.goto(`${server.url}/tournaments`);
    await createAccount(teacher, "Teacher_V");
    const form = teacher.locator("#create-form");
    await form.locator("input[name=name]").fill("Class 6A");
    await form.locator("select[name=game]").selectOption("wahree");
    await form.locator("select[name=system]").selectOption("round_robin");
    await form.locator("button[type=submit]").click();
    await teacher.waitForURL(/\/tournaments\/[a-z0-9]+$/);
    const url = teacher.url();
    const id = url.split("/").pop();
    await teacher.locator("#share-copy").click();
    await teacher.locator("#share-copied", { hasText: "Copied." }).waitFor();
    assert.equal(await teacher.evaluate(() => navigator.clipboard.readText()), url);
    const qr = teacher.locator("#share-qr");
    await qr.waitFor();
    await teacher.waitForFunction(() => document.getElementById("share-qr").naturalWidth > 0);
    assert.equal(await qr.getAttribute("alt"), "QR code of the link to join the tournament");
    // Eight pupils with long names, one round: a phone shows the standings
    // without scrolling sideways.
    for (let i = 1; i <= 8; i++) {
      const r = await fetch(`${server.url}/api/tournaments/${id}/join`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Pupil Longname ${i}` }),
      });
      assert.equal(r.status, 201, await r.text());
    }
    await teacher.locator("#start-round").click();
    await teacher.locator("#standings").waitFor();
    const phone = await s.page({ phone: true });
    await phone.goto(url);
    await phone.locator("#standings tbody tr").first().waitFor();
    await screenshot(phone, "phone-390-standings");
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the tournament page is ${width} px wide on a 390 px phone`);
    const table = await phone.locator("table.standings").evaluate((t) => [t.scrollWidth, t.parentElement.clientWidth]);
    assert.ok(table[0] <= table[1], `the standings are ${table[0]} px in a ${table[1]} px box`);
  });
});

describe("rematch", () => {
  /// A page of `server` holding a seat of game `id`, opened on the game.
  async function seated(s, id, seat, options) {
    const page = await s.page(options);
    await page.goto(`${server.url}/`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`mancala.seat.${id}`, JSON.stringify(seat)]);
    await page.goto(`${server.url}/g/${id}`);
    return page;
  }

  browserTest("a rematch asked for is declined, or withdrawn, and both players see it at once", () => browser, async (s) => {
    const made = await post("/api/games", { game: "wahree", mode: "online", name: "Ann" });
    const invite = made.invite_url.split("invite=")[1];
    const joined = await post(`/api/games/${made.id}/join`, { invite, name: "Ben" });
    const ann = await seated(s, made.id, { token: made.token, side: made.side || "south" });
    const ben = await seated(s, made.id, { token: joined.token, side: joined.side }, { phone: true });
    await post(`/api/games/${made.id}/resign`, { token: joined.token });
    // Ann asks; Ben is asked, with an answer either way.
    await ann.getByRole("button", { name: "Rematch" }).click();
    await ann.waitForURL((url) => !url.pathname.endsWith(made.id));
    await ann.locator("#cancel-rematch").waitFor();
    await ben.locator("#decline-rematch").click();
    await ann.locator("#game .status", { hasText: "The rematch was declined." }).waitFor({ timeout: 5000 });
    await ben.locator(".called-off", { hasText: "The rematch was declined." }).waitFor({ timeout: 5000 });
    // Back, asked again, and withdrawn this time.
    await ann.getByRole("link", { name: "Back to the game" }).click();
    await ann.waitForURL((url) => url.pathname.endsWith(made.id));
    await ann.getByRole("button", { name: "Rematch" }).click();
    await ann.locator("#cancel-rematch").click();
    await ben.locator(".called-off", { hasText: "The rematch was withdrawn." }).waitFor({ timeout: 5000 });
    assert.equal(await ben.locator("#decline-rematch").count(), 0);
    await screenshot(ben, "phone-390-rematch-withdrawn");
  });
});

describe("challenges", () => {
  /// A browser signed in as `name` (registered on the account page).
  async function signedIn(s, name, options) {
    const page = await s.page(options);
    await page.goto(`${server.url}/account`);
    const form = page.locator("#register");
    await form.locator("input[name=name]").fill(name);
    await form.locator("input[name=password]").fill("a long password");
    await form.locator("input[name=password]").press("Enter");
    // (In the header's menu, closed on a phone.)
    await page.locator(`header [data-account="${name}"]`).waitFor({ state: "attached" });
    return page;
  }
  const challenge = (page, to) => page.evaluate(async (opponent) => {
    const r = await fetch("/api/challenges", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: opponent, game: "wahree", clock_seconds: 300, increment_seconds: 3, colour: "random" }),
    });
    return [r.status, await r.json()];
  }, to);

  browserTest("a challenge shows on any page of the player challenged, who accepts or declines it there", () => browser, async (s) => {
    const ama = await signedIn(s, "Ama_C");
    const kojo = await signedIn(s, "Kojo_C", { phone: true });
    await ama.goto(`${server.url}/puzzles`);
    await kojo.goto(`${server.url}/learn`);
    // Declined from the rules pages.
    const [status] = await challenge(ama, "Kojo_C");
    assert.equal(status, 201);
    const bar = kojo.locator("#challenge-bar");
    await bar.locator(".challenge", { hasText: "Ama_C challenges you: Wahree · 5+3 · friendly" }).waitFor();
    await screenshot(kojo, "phone-390-challenge-bar");
    await bar.getByRole("button", { name: "Decline" }).click();
    await bar.waitFor({ state: "hidden" });
    // Accepted from another page: both are taken to the game.
    await kojo.goto(`${server.url}/finished`);
    await challenge(ama, "Kojo_C");
    await kojo.locator("#challenge-bar").getByRole("button", { name: "Accept" }).click();
    await kojo.waitForURL(/\/g\/[a-z0-9]+$/);
    await ama.waitForURL(/\/g\/[a-z0-9]+$/);
    assert.equal(new URL(ama.url()).pathname, new URL(kojo.url()).pathname);
  });
});
