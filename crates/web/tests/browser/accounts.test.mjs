// Accounts and rated games in the browser: registering, signing in and out
// (wrong password, a name taken), and a rated game between two signed-in
// browsers to its end, after which both ratings are what Glicko-2 gives.
// The expected ratings are computed here, by an implementation of
// Glickman's paper of our own (checked against the paper's worked example
// first), not taken from the server.
import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  answerDialog, browserTest, fastest, playMove, screenshot, sharedServerAndBrowser,
} from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("accounts", (s, b) => { server = s; browser = b; });

// Glicko-2 as "Example of the Glicko-2 system" (Glickman, 2012) gives it:
// one rating period with the given games, tau 0.5.
function glicko2(player, games, tau = 0.5) {
  const scale = 173.7178;
  const mu = (player.rating - 1500) / scale;
  const phi = player.deviation / scale;
  const sigma = player.volatility;
  const g = (p) => 1 / Math.sqrt(1 + (3 * p * p) / (Math.PI * Math.PI));
  const E = (muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
  let vInverse = 0, sum = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - 1500) / scale, phiJ = opponent.deviation / scale;
    const e = E(muJ, phiJ);
    vInverse += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  const a = Math.log(sigma * sigma);
  const f = (x) => (Math.exp(x) * (delta * delta - phi * phi - v - Math.exp(x))) /
    (2 * (phi * phi + v + Math.exp(x)) ** 2) - (x - a) / (tau * tau);
  let A = a, B;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A), fB = f(B);
  while (Math.abs(B - A) > 0.000001) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) { A = B; fA = fB; } else fA /= 2;
    B = C; fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * scale + 1500, deviation: phiNew * scale, volatility: sigmaNew };
}

const close = (got, want, digits, what) =>
  assert.ok(Math.abs(got - want) < 10 ** -digits, `${what}: got ${got}, want ${want}`);

/// Registers on the account page by keyboard: the header then shows the
/// name (in the menu, closed on a phone).
async function register(page, name, password) {
  await page.goto(`${server.url}/account`);
  const form = page.locator("#register");
  await form.locator("input[name=name]").fill(name);
  await form.locator("input[name=password]").fill(password);
  await form.locator("input[name=password]").press("Enter");
  await page.locator(`header [data-account="${name}"]`).waitFor({ state: "attached" });
}

const player = async (name) => (await fetch(`${server.url}/api/players/${name}`)).json();

describe("accounts", () => {
  browserTest("register, sign out, a taken name and a wrong password are refused, sign in", () => browser, async (s) => {
    const page = await s.page({ phone: true });
    await page.goto(`${server.url}/`);
    assert.equal(await page.locator("header a[href='/account']").textContent(), "Sign in");
    await register(page, "Abena_1", "seeds in the wind");
    // Registered from a page opened directly: home, then the account page.
    assert.equal(new URL(page.url()).pathname, "/");
    await page.goto(`${server.url}/account`);
    assert.equal(await page.locator("#main .lead").textContent(), "Signed in as Abena_1.");
    // Nothing scrolls sideways on a phone.
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
    await page.locator("#sign-out button").click();
    await page.locator("header a[href='/account']", { hasText: "Sign in" }).waitFor({ state: "attached" });

    // Another browser cannot take the name, in any case.
    const other = await s.page({ locale: "nl-NL" });
    await other.goto(`${server.url}/account`);
    const form = other.locator("#register");
    await form.locator("input[name=name]").fill("ABENA_1");
    await form.locator("input[name=password]").fill("another password");
    await form.locator("button[type=submit]").click();
    await form.locator(".error", { hasText: "Die naam is al bezet" }).waitFor();

    // A wrong password: refused, still signed out; then the right one.
    const signIn = page.locator("#sign-in");
    await signIn.locator("input[name=name]").fill("abena_1");
    await signIn.locator("input[name=password]").fill("wrong password");
    await signIn.locator("input[name=password]").press("Enter");
    await signIn.locator(".error", { hasText: "The name or the password is wrong." }).waitFor();
    assert.equal(await page.locator("header [data-account]").count(), 0);
    await signIn.locator("input[name=password]").fill("seeds in the wind");
    await signIn.locator("button[type=submit]").click();
    await page.locator("header [data-account='Abena_1']").waitFor({ state: "attached" });
  });

  browserTest("a rated game between two signed-in browsers changes both ratings as Glicko-2 says", () => browser, async (s) => {
    // Our Glicko-2 first reproduces the paper's example.
    const paper = glicko2({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300 }, score: 0 },
    ]);
    close(paper.rating, 1464.06, 2, "paper rating");
    close(paper.deviation, 151.52, 2, "paper deviation");
    close(paper.volatility, 0.05999, 5, "paper volatility");

    const ann = await s.page();
    const ben = await s.page({ phone: true });
    await register(ann, "Ann_R", "sowing season 1");
    await register(ben, "Ben_R", "sowing season 2");

    // Ann asks for a rated online game.
    await ann.goto(`${server.url}/new?game=oware-abapa`);
    await ann.locator("#new-game input[name=mode][value=online]").check();
    await ann.locator("#new-game input[name=rated]").check();
    await ann.locator("#new-game button[type=submit]").click();
    await ann.waitForURL(/\/g\/[^/?]+$/);
    const id = new URL(ann.url()).pathname.split("/").pop();
    const invite = await ann.locator("#game .invite").inputValue();
    assert.equal(await ann.locator("#game .rated-note").textContent(), "Rated game");
    await fastest(ann);

    // Ben sees that it is rated before he takes the seat, as himself.
    await ben.goto(invite);
    const join = ben.locator("#game form.join");
    await join.waitFor();
    assert.equal(await join.locator(".invite-rated").textContent(), "Rated game");
    assert.match(await join.textContent(), /Signed in as Ben_R\./);
    await join.locator("button[type=submit]").click();
    await ben.locator("#game .board").waitFor();
    await fastest(ben);
    assert.match(await ben.locator("#game .player.north").textContent(), /Ben_R/);
    await ann.locator("#game .player.north", { hasText: "Ben_R" }).waitFor();

    // Two moves each (with fewer the game is aborted, and not rated), then
    // Ben resigns.
    for (let i = 0; i < 2; i++) {
      await playMove(ann);
      await playMove(ben, { tap: true });
    }
    await ben.locator("#game .controls button", { hasText: "Resign" }).click();
    await answerDialog(ben);
    await ann.locator("#game .result h2", { hasText: "Ann_R wins" }).waitFor();
    assert.equal(await ann.locator("#game .rated-note").textContent(), "Rated game");

    // Both were new: 1500, 350, 0.06 each. Ann won, Ben lost.
    const start = { rating: 1500, deviation: 350, volatility: 0.06 };
    const want = {
      Ann_R: glicko2(start, [{ opponent: start, score: 1 }]),
      Ben_R: glicko2(start, [{ opponent: start, score: 0 }]),
    };
    for (const name of ["Ann_R", "Ben_R"]) {
      const got = (await player(name)).ratings["oware-abapa"];
      close(got.rating, want[name].rating, 6, `${name}'s rating`);
      close(got.deviation, want[name].deviation, 6, `${name}'s deviation`);
      close(got.volatility, want[name].volatility, 6, `${name}'s volatility`);
      assert.equal(got.games, 1);
    }
    assert.ok(want.Ann_R.rating > 1500 && want.Ben_R.rating < 1500);

    // Ann's page shows the rating, its graph and the game's replay.
    await ann.goto(`${server.url}/players/Ann_R`);
    assert.equal(await ann.locator("table.ratings strong").textContent(), want.Ann_R.rating.toFixed(0));
    // The start and the game: two points.
    await ann.locator("figure.rating-graph svg circle.point:not(.start)").waitFor();
    assert.equal(await ann.locator("figure.rating-graph svg circle.point").count(), 2);
    // Ben's, on his phone: nothing scrolls sideways.
    await ben.goto(`${server.url}/players/Ben_R?vs=Ann_R`);
    await ben.locator(".vs-record", { hasText: "Against Ann_R: 0 won, 0 drawn, 1 lost." }).waitFor();
    assert.ok((await ben.evaluate(() => document.documentElement.scrollWidth)) <= 390);
    await screenshot(ben, "phone-390-player");
    await ann.locator(`a[href="/replay/${id}"]`).click();
    await ann.waitForURL(new RegExp(`/replay/${id}$`));
  });
});
