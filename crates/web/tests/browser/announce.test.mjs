// What a screen reader hears in the live region (#announce): not only the
// opponent's moves but our own, offers and their answers, a rematch asked
// for, a resignation (ours or theirs) and the end of the game.
import assert from "node:assert/strict";
import { describe } from "node:test";
import { answerDialog, browserTest, fastest, newGame, playMove, sharedServerAndBrowser } from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("announce", (s, b) => { server = s; browser = b; });

/// Keeps every text the live region is given, in order, in `window.__said`.
async function listen(page) {
  await page.locator("#announce").waitFor({ state: "attached" });
  await page.evaluate(() => {
    window.__said = [];
    const live = document.getElementById("announce");
    new MutationObserver(() => { if (live.textContent) window.__said.push(live.textContent); })
      .observe(live, { childList: true, characterData: true, subtree: true });
  });
}

/// Waits until the live region has said something matching `pattern`.
const heard = (page, pattern) => page.waitForFunction((source) => window.__said.some((t) => new RegExp(source).test(t)), pattern.source);

describe("the live region", () => {
  browserTest("both players hear their own moves, offers and answers, the resignation and the end, and the rematch asked for", () => browser, async (s) => {
    const ann = await s.page();
    await newGame(ann, server.url, { game: "wahree", mode: "online", name: "Ann" });
    const invite = await ann.locator("#game .invite").inputValue();
    const ben = await s.page();
    await ben.goto(invite);
    await ben.locator("#game form.join input[name=name]").fill("Ben");
    await ben.locator("#game form.join button[type=submit]").click();
    await ben.locator("#game .board").waitFor();
    for (const page of [ann, ben]) { await fastest(page); await listen(page); }
    await ann.locator("#game button.pit.legal").first().waitFor();

    // Ann's own move is read to her, and to Ben, with whose turn it is.
    const letter = await playMove(ann);
    await heard(ann, new RegExp(`^South sowed \\d+ seeds? from ${letter}.*Ben \\(North\\) to move`));
    await heard(ben, new RegExp(`^South sowed \\d+ seeds? from ${letter}.*Your turn`));
    await ben.locator("#game button.pit.legal").first().waitFor();
    await playMove(ben);
    await heard(ben, /^North sowed .*Ann \(South\) to move/);

    // Ann offers to end: she hears it went, Ben hears the offer and what it means.
    await ann.locator("#game button.pit.legal").first().waitFor();
    await ann.locator("#game .controls button", { hasText: "Offer to end" }).click();
    await answerDialog(ann);
    await heard(ann, /^You offered to end the game/);
    await heard(ben, /^Your opponent offers to end the game.*If you accept, the game ends at once/);
    // Ben declines: Ann hears it.
    await ben.locator("#game .notice button", { hasText: "Decline" }).click();
    await heard(ann, /Your offer to end the game was declined/);

    // Ben resigns: both hear who resigned, who won and the score.
    await ben.locator("#game .controls button", { hasText: "Resign" }).click();
    await answerDialog(ben);
    for (const page of [ann, ben]) await heard(page, /^Ben resigned\. Ann wins\. In the stores at the end: Ann \d+ – \d+ Ben/);

    // Ann asks for a rematch: Ben hears it.
    await ann.getByRole("button", { name: "Rematch" }).click();
    await ann.waitForURL((url) => !url.pathname.endsWith(invite.split("/g/")[1].split("?")[0]));
    await heard(ben, /^Your opponent wants a rematch/);
  });

  browserTest("against the computer, the end of the game is read out with the result", () => browser, async (s) => {
    const page = await s.page();
    await newGame(page, server.url, { game: "oware-abapa", level: 1, name: "Sol", lang: "vi" });
    await fastest(page);
    await listen(page);
    const own = await playMove(page);
    await heard(page, new RegExp(`^Nam gieo \\d+ hạt từ ô ${own}`));
    await page.locator("#game .controls button", { hasText: "Chịu thua" }).click();
    await answerDialog(page);
    await heard(page, /^Sol đã chịu thua\. Máy \(cấp 1\) thắng\./);
  });
});
