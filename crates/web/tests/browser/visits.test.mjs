// Visits by guests and players that used to go wrong (issue 31): a guest's
// console on the tournaments page, a used invitation, a correspondence
// invitation, quick pairing's rated choice, and coming back after
// registering.
import assert from "node:assert/strict";
import { after, before, describe } from "node:test";
import { Server, browserTest, launchBrowser, screenshot } from "./harness.mjs";

let server, browser;
before(async () => {
  server = await Server.start("visits");
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

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
  assert.ok(response.ok, `${path}: ${response.status} ${await response.text()}`);
  return response.json();
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
});
