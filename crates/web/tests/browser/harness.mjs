// What every browser test shares: the server (the release binary, started
// here on a free port with a temporary SQLite file, and killed or restarted
// on demand), Debian's Chromium driven by playwright-core, screenshots, and
// readers of what the play page shows.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, "../../../..");
export const artifacts = path.resolve(
  process.env.BROWSER_ARTIFACTS || path.join(repoRoot, "target/browser-artifacts"),
);
const binary = process.env.MANCALA_WEB_BIN || path.join(repoRoot, "target/release/mancala-web");
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

fs.mkdirSync(artifacts, { recursive: true });

/// The mancala-web binary on its own port and database file.
export class Server {
  constructor(name, extraArgs = []) {
    this.extraArgs = extraArgs;
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "mancala-browser-"));
    this.db = path.join(this.dir, "games.db");
    this.log = path.join(artifacts, `server-${name}.log`);
    this.port = 0;
    this.child = null;
  }

  /// `extraArgs`: more options for the binary (e.g. `--egdb-dir DIR`).
  static async start(name, extraArgs = []) {
    const server = new Server(name, extraArgs);
    await server.launch();
    return server;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /// Starts the binary (on the same port and file as before, after a
  /// restart) and waits for its "Open http://ADDR" line.
  async launch() {
    if (!fs.existsSync(binary)) {
      throw new Error(`${binary} is missing: run \`cargo build --release -p mancala-web\` first`);
    }
    const log = fs.openSync(this.log, "a");
    const child = spawn(
      binary,
      ["--bind", `127.0.0.1:${this.port}`, "--database", `sqlite://${this.db}`, "--ai-threads", "1", ...this.extraArgs],
      { stdio: ["ignore", "pipe", log] },
    );
    fs.closeSync(log);
    const lines = readline.createInterface({ input: child.stdout });
    const first = await Promise.race([
      once(lines, "line").then(([line]) => line),
      once(child, "exit").then(([code]) => {
        throw new Error(`mancala-web exited with ${code} before listening; see ${this.log}`);
      }),
    ]);
    const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(first);
    if (!match) throw new Error(`unexpected first line from mancala-web: ${first}`);
    this.port = Number(match[1]);
    this.child = child;
  }

  /// Sends the signal `name` to the running binary, which is no longer this
  /// server's child from then on, and waits until it exits: its
  /// [code, signal].
  async #signal(name) {
    const child = this.child;
    this.child = null;
    const exited = once(child, "exit");
    child.kill(name);
    return exited;
  }

  /// SIGTERM, as a service manager stops it: the server finishes what is
  /// in flight, tells the pages to reconnect and exits with status 0.
  async term() {
    const [code, signal] = await this.#signal("SIGTERM");
    if (code !== 0) throw new Error(`mancala-web ended by ${signal ?? code} after SIGTERM, not 0`);
  }

  /// SIGKILL: no shutdown code runs, as in a crash or a power cut.
  async kill9() {
    const [code, signal] = await this.#signal("SIGKILL");
    if (signal !== "SIGKILL") throw new Error(`mancala-web ended by ${signal ?? code}, not SIGKILL`);
  }

  async stop() {
    if (this.child) {
      const child = this.child;
      const late = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await this.#signal("SIGINT");
      clearTimeout(late);
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /// The game's state straight from the API, to compare with the page.
  async state(id) {
    const response = await fetch(`${this.url}/api/games/${id}`);
    if (!response.ok) throw new Error(`GET /api/games/${id}: ${response.status}`);
    return response.json();
  }
}

export async function launchBrowser() {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`${chromiumPath} is missing: apt-get install chromium (scripts/browser-tests.sh does)`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/// The server and browser a test file's tests share: started before the
/// first test (`ready` receives them), stopped after the last.
export function sharedServerAndBrowser(name, ready) {
  let server, browser;
  before(async () => {
    server = await Server.start(name);
    browser = await launchBrowser();
    ready(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/// Sends the account form (`#account-form`) of the page open: a new
/// account `name` with a long password, by the button named `button`.
export async function createAccount(page, name, button = "Create an account") {
  const account = page.locator("#account-form");
  await account.locator("input[name=account]").fill(name);
  await account.locator("input[name=password]").fill("a long password");
  await account.getByRole("button", { name: button }).click();
}

/// A bundled puzzle collection (`puzzles/GAME.jsonl`), one object a puzzle,
/// solutions included (the pages never get them).
export const bundledPuzzles = (game) =>
  fs.readFileSync(path.join(repoRoot, `puzzles/${game}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

const slug = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60);

/// One test with its own browser contexts. Uncaught page errors fail it; on
/// failure every open page is photographed under artifacts/failures/.
export function browserTest(name, getBrowser, body, options = {}) {
  test(name, { timeout: options.timeout ?? 120_000 }, async () => {
    const session = new Session(getBrowser(), name);
    try {
      await body(session);
      if (session.errors.length) throw new Error(`errors in the page:\n${session.errors.join("\n")}`);
    } catch (error) {
      await session.photographAll();
      throw error;
    } finally {
      await session.close();
    }
  });
}

class Session {
  constructor(browser, name) {
    this.browser = browser;
    this.name = name;
    this.contexts = [];
    this.errors = [];
  }

  /// A fresh browser profile: own cookies and localStorage. `phone` gives a
  /// 390 px touch screen; otherwise a 1280 px desktop (`viewport` another).
  async context({ phone = false, locale = "en-US", viewport = DESKTOP } = {}) {
    const context = await this.browser.newContext(
      phone
        ? { viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale }
        : { viewport, locale },
    );
    context.setDefaultTimeout(15_000);
    this.contexts.push(context);
    return context;
  }

  async page(options) {
    const context = await this.context(options);
    return this.watch(await context.newPage());
  }

  watch(page) {
    page.on("pageerror", (error) => this.errors.push(`${page.url()}: ${error.message}`));
    return page;
  }

  async photographAll() {
    const dir = path.join(artifacts, "failures");
    fs.mkdirSync(dir, { recursive: true });
    let n = 0;
    for (const context of this.contexts) {
      for (const page of context.pages()) {
        n += 1;
        const file = path.join(dir, `${slug(this.name)}-${n}.png`);
        await page.screenshot({ path: file, fullPage: true }).catch(() => {});
        console.error(`screenshot of ${page.url()} on failure: ${file}`);
      }
    }
  }

  async close() {
    for (const context of this.contexts) await context.close().catch(() => {});
  }
}

export async function screenshot(page, name) {
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, scale: "css" });
  return file;
}

// ---- Reading the play page -------------------------------------------------

/// What the board shows: each pit's count by letter, and the two stores
/// (South's, North's).
export async function board(page) {
  await page.locator("#game .board").waitFor();
  // Read in one go from the document: the board is redrawn when news comes,
  // and a node found first could be gone by the time it is read.
  return page.evaluate(() => {
    const node = document.querySelector("#game .board");
    const pits = {};
    for (const pit of node.querySelectorAll(".pit")) {
      pits[pit.querySelector(".letter").textContent] = Number(pit.querySelector(".count").textContent);
    }
    const store = (side) => Number(node.querySelector(`.${side}-store .count`).textContent);
    return { pits, stores: [store("south"), store("north")] };
  });
}

/// The board as the API orders it (South's a.., then North's A..), from the page.
export async function boardArray(page) {
  const { pits, stores } = await board(page);
  const letters = Object.keys(pits).sort((x, y) => {
    const south = (c) => c === c.toLowerCase();
    if (south(x) !== south(y)) return south(x) ? -1 : 1;
    return x.localeCompare(y);
  });
  return { board: letters.map((l) => pits[l]), captured: stores };
}

export async function moves(page) {
  return page.locator("#game .moves li").allTextContents();
}

export async function legalLetters(page) {
  return page.locator("#game button.pit.legal .letter").allTextContents();
}

export const gameId = (page) => new URL(page.url()).pathname.split("/").pop();

/// Waits until the board shows no sowing (`aria-busy` while it animates).
export async function waitForRest(page) {
  await page.waitForFunction(() => !document.querySelector('#game .board[aria-busy="true"]'));
}

/// Waits until the page is at rest: the player to move may choose a pit, or
/// the result is shown, and the board has caught up (a pit may be chosen
/// while the last move is still being sown: see board.test.mjs).
export async function waitForTurnOrEnd(page) {
  await page.waitForFunction(
    () => document.querySelector("#game .result") || document.querySelector("#game button.pit.legal"),
  );
  await waitForRest(page);
}

/// Plays a legal pit by click or tap and waits until the move is listed and
/// sown on the board.
/// `choose` picks among the legal letters (default: a fixed pseudo-random
/// sequence, so the games differ from plain "first pit" play but repeat).
export async function playMove(page, { tap = false, choose } = {}) {
  await waitForTurnOrEnd(page);
  const legal = await legalLetters(page);
  if (legal.length === 0) return null;
  const letter = choose ? choose(legal) : legal[nextRandom() % legal.length];
  const before = (await moves(page)).length;
  const pit = page.locator("#game button.pit.legal", { has: page.locator(".letter", { hasText: new RegExp(`^${letter}$`) }) });
  if (tap) await pit.tap();
  else await pit.click();
  await page.waitForFunction((n) => document.querySelectorAll("#game .moves li").length > n, before);
  await waitForRest(page);
  return letter;
}

let seed = 12345;
function nextRandom() {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed >>> 8;
}

/// Sets the sowing speed with the page's slider (End: fastest, no animation).
export async function fastest(page) {
  await page.locator("#game input[type=range]").press("End");
}

/// Starts a game from the new-game form and returns once its page is drawn.
export async function newGame(page, base, { game, mode = "computer", level, name, opponent, side = "south", lang }) {
  await page.goto(`${base}/new?game=${game}${lang ? `&lang=${lang}` : ""}`);
  await page.locator(`#new-game input[name=mode][value=${mode}]`).check();
  if (level) await page.locator("#new-game select[name=level]").selectOption(String(level));
  if (name !== undefined) await page.locator("#new-game input[name=name]").fill(name);
  if (opponent !== undefined) await page.locator("#new-game input[name=opponent]").fill(opponent);
  await page.locator("#new-game select[name=side]").selectOption(side);
  await page.locator("#new-game button[type=submit]").click();
  await page.waitForURL(/\/g\/[^/?]+$/);
  await page.locator("#game .board").waitFor();
  return gameId(page);
}

/// Answers the site's confirmation dialog (a modal <dialog>, which replaced
/// the browser's confirm()): its text, after pressing `yes` or the cancel
/// button.
export async function answerDialog(page, yes = true) {
  const dialog = page.locator("dialog.dialog[open]");
  await dialog.waitFor();
  const text = await dialog.locator("p").first().textContent();
  await dialog.locator(`button[value=${yes ? "yes" : "no"}]`).click();
  await dialog.waitFor({ state: "detached" });
  return text;
}
