// Two people anywhere: Ann and Ben in separate browser profiles play through
// the invitation link, every move shows up live on the other screen (over
// the WebSocket, without reloading), and Cy, who opens the used link, only
// watches.
import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  answerDialog, boardArray, browserTest, fastest, legalLetters, moves, newGame, playMove,
  sharedServerAndBrowser,
} from "./harness.mjs";

let server, browser;
sharedServerAndBrowser("online", (s, b) => { server = s; browser = b; });

/// Marks the document so that a reload (which would lose the mark) shows.
const mark = (page) => page.evaluate(() => { window.__noReload = true; });
const notReloaded = async (page) => assert.equal(await page.evaluate(() => window.__noReload), true, "the page was reloaded");

/// Each pit's letter and count, by letter (each player sees the board from
/// their own side, so the order drawn differs).
const pits = (page) => page.locator("#game .pit").evaluateAll((nodes) =>
  nodes.map((p) => p.querySelector(".letter").textContent + "=" + p.querySelector(".count").textContent).sort().join(" "));

/// Waits until `page` lists `count` moves and shows the same board as `other`.
async function sameGame(page, other, count) {
  await page.waitForFunction((n) => document.querySelectorAll("#game .moves li").length === n, count);
  const want = await pits(other);
  await page.waitForFunction((text) => [...document.querySelectorAll("#game .pit")]
    .map((p) => p.querySelector(".letter").textContent + "=" + p.querySelector(".count").textContent).sort().join(" ") === text, want);
  assert.deepEqual(await boardArray(page), await boardArray(other));
  assert.deepEqual(await moves(page), await moves(other));
}

describe("online", () => {
  browserTest("two browsers play each other through the invitation link and a third only watches", () => browser, async (s) => {
    const ann = await s.page();
    const id = await newGame(ann, server.url, { game: "barbados-warri", mode: "online", name: "Ann" });
    const invite = await ann.locator("#game .invite").inputValue();
    assert.match(invite, new RegExp(`^${server.url}/g/${id}\\?invite=`));
    assert.match(await ann.locator("#game .player.north").textContent(), /\(free seat\)/);
    // Nobody moves before the friend has joined: the page says so.
    assert.deepEqual(await legalLetters(ann), []);
    assert.equal(await ann.locator("#game .status").textContent(), "Waiting for your friend: you can move once they have joined.");
    await fastest(ann);
    await mark(ann);

    // Ben's browser asks for Vietnamese. A first visit: the invitation asks
    // for his name (kept on his device) before he takes the seat.
    const ben = await s.page({ locale: "vi-VN" });
    await ben.goto(invite);
    const join = ben.locator("#game form.join");
    await join.waitFor();
    assert.equal(await join.locator("p").first().textContent(), "Bạn được mời chơi ván này.");
    await join.locator("button[type=submit]").click();
    assert.equal(await join.isVisible(), true, "an empty name is not accepted");
    await join.locator("input[name=name]").fill("Ben");
    await join.locator("button[type=submit]").click();
    await ben.locator("#game .board").waitFor();
    assert.equal(await ben.evaluate(() => JSON.parse(localStorage.getItem("mancala.name"))), "Ben");
    assert.equal(new URL(ben.url()).search, "", "the invitation code is removed from the address");
    assert.equal(await ben.locator("html").getAttribute("lang"), "vi");
    assert.equal(await ben.locator("#game .status").textContent(), "Đến lượt Ann (Nam)");
    assert.match(await ben.locator("#game .player.north").textContent(), /Ben \(bạn\)/);
    // Ann sees Ben arrive without reloading, and the invitation box goes.
    await ann.locator("#game .player.north", { hasText: "Ben" }).waitFor();
    await ann.locator("#game .invite").waitFor({ state: "detached" });
    await ann.locator("#game button.pit.legal").first().waitFor();
    assert.deepEqual(await legalLetters(ann), ["a", "b", "c", "d", "e", "f"]);
    await notReloaded(ann);

    // Cy opens the same link: the seat is taken, he may watch.
    const cy = await s.page();
    await cy.goto(invite);
    await cy.locator("#game .board").waitFor();
    // A calm note, not an error.
    assert.equal(await cy.locator("#game #notice").textContent(), "This invitation has already been taken: you are watching the game.");
    assert.equal(await cy.locator("#game .error").count(), 0);
    assert.equal(await cy.locator("#game p.notice").textContent(), "You are watching this game.");
    assert.deepEqual(await legalLetters(cy), []);
    // Ben watches the seeds sown one by one (the speed below the fastest);
    // Cy has no animation.
    await ben.locator("#game input[type=range]").press("End");
    await ben.locator("#game input[type=range]").press("ArrowLeft");
    await fastest(cy);
    await mark(ben);
    await mark(cy);
    const countHands = (page) => page.evaluate(() => {
      window.__hands = 0;
      new MutationObserver(() => { if (document.querySelector("#game .hand")) window.__hands += 1; })
        .observe(document.getElementById("game"), { childList: true, subtree: true });
    });
    await countHands(ben);
    await countHands(cy);

    // Ben cannot move out of turn; Cy cannot move at all.
    await ben.locator("#game button.pit.north").first().click({ force: true });
    await ben.locator("#game .error", { hasText: "Chưa đến lượt bạn." }).waitFor();
    await cy.locator("#game button.pit.south").first().click({ force: true });
    await cy.locator("#game .error", { hasText: "You are watching: only the players can move." }).waitFor();

    // Eight moves each, in turn; each appears on the two other screens.
    for (let i = 0; i < 16; i++) {
      const [mover, others] = i % 2 === 0 ? [ann, [ben, cy]] : [ben, [ann, cy]];
      const letter = await playMove(mover);
      assert.equal(letter === letter.toLowerCase(), mover === ann, `${letter} played by the wrong side`);
      for (const other of others) await sameGame(other, mover, i + 1);
    }
    const state = await server.state(id);
    assert.equal(state.moves.length, 16);
    assert.deepEqual(await moves(cy), state.moves);
    assert.deepEqual(await boardArray(cy), { board: state.board, captured: state.captured });
    for (const page of [ann, ben, cy]) await notReloaded(page);
    // Ben saw seeds in hand during the sowing; Cy, at the fastest speed, did not.
    assert.ok((await ben.evaluate(() => window.__hands)) > 16, "Ben's board was not animated");
    assert.equal(await cy.evaluate(() => window.__hands), 0);
    assert.equal(await ann.locator("#game .status").textContent(), "Your turn: choose a pit in your row");
    assert.equal(await ben.locator("#game .status").textContent(), "Đến lượt Ann (Nam)");
    assert.equal(await cy.locator("#game .status").textContent(), "Ann (South) to move");

    // Ann offers to end, once she has read what it means; Ben accepts; all
    // three see the result.
    await ann.locator("#game .controls button", { hasText: "Offer to end" }).click();
    await answerDialog(ann);
    await ann.locator("#game .notice", { hasText: "You offered to end the game" }).waitFor();
    await ben.locator("#game .notice button", { hasText: "Đồng ý" }).click();
    for (const page of [ann, ben, cy]) await page.locator("#game .result").waitFor();
    const end = await server.state(id);
    assert.equal(end.ending, "agreed");
    // The reason as a sentence (the server's text, capitalised), with what
    // the agreement did with the seeds (Barbados Warri: left uncaptured).
    const sentence = (text) => text[0].toUpperCase() + text.slice(1);
    assert.equal(await cy.locator("#game .result p.why").textContent(),
      `Why it ended: ${sentence(end.ending_text.en)}: the seeds on the board stay uncaptured and, as nobody has the 25 seeds a win needs, it is a draw.`);
    assert.equal(await ben.locator("#game .result p.why").textContent(),
      `Lý do kết thúc: ${sentence(end.ending_text.vi)}: các hạt trên bàn không thuộc về ai và, vì chưa ai có đủ 25 hạt để thắng, ván hòa.`);
  });
});
