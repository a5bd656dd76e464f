// Manual check (see README.md here): an online game through its invitation link.
const base = process.argv[2];
const port = 9334;
const { spawn } = await import("node:child_process");
const fs = await import("node:fs");
const chrome = spawn("chromium", ["--headless", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`, "about:blank"], { stdio: "ignore" });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let version;
for (let i = 0; i < 50; i++) { try { version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json(); break; } catch (e) {} await sleep(200); }
const ws = new WebSocket(version.webSocketDebuggerUrl);
await new Promise((r) => ws.addEventListener("open", r));
let id = 0; const pending = new Map();
ws.addEventListener("message", (m) => { const d = JSON.parse(m.data); if (d.id && pending.has(d.id)) { pending.get(d.id)(d); pending.delete(d.id); } if (d.method === "Runtime.exceptionThrown") console.log("EXCEPTION", JSON.stringify(d.params.exceptionDetails).slice(0, 400)); });
const send = (method, params = {}, sessionId) => new Promise((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params, sessionId })); });
async function tab() {
  const ctx = (await send("Target.createBrowserContext")).result.browserContextId;
  const target = (await send("Target.createTarget", { url: "about:blank", browserContextId: ctx })).result.targetId;
  const session = (await send("Target.attachToTarget", { targetId: target, flatten: true })).result.sessionId;
  await send("Runtime.enable", {}, session);
  await send("Page.enable", {}, session);
  await send("Emulation.setDeviceMetricsOverride", { width: 390, height: 900, deviceScaleFactor: 1, mobile: true }, session);
  const ev = async (expr) => (await send("Runtime.evaluate", { expression: expr, awaitPromise: true, returnByValue: true }, session)).result?.result?.value;
  const go = async (url) => { await send("Page.navigate", { url }, session); await sleep(1200); };
  const shot = async (name) => { const r = await send("Page.captureScreenshot", { format: "png" }, session); fs.writeFileSync(`/tmp/shots/${name}.png`, Buffer.from(r.result.data, "base64")); };
  return { ev, go, shot };
}
const ann = await tab(), ben = await tab(), cy = await tab();
await ann.go(`${base}/new?game=barbados-warri&lang=en`);
await ann.ev(`localStorage.setItem("mancala.speed","4"); document.querySelector("[name=name]").value = "Ann"; document.querySelector("input[value=online]").click(); document.querySelector("#new-game button[type=submit]").click(); 1`);
await sleep(1500);
const invite = await ann.ev(`(document.querySelector(".invite")||{}).value`);
console.log("invite", invite);
await ann.shot("online-ann-waiting");
await ben.go(`${base}/?lang=vi`);
await ben.ev(`localStorage.setItem("mancala.name", "Ben"); localStorage.setItem("mancala.speed","4"); 1`);
await ben.go(invite);
console.log("ben url", await ben.ev("location.href"), "|", await ben.ev(`document.querySelector(".status").textContent`));
await cy.go(invite);
console.log("cy", await cy.ev(`[...document.querySelectorAll(".notice,.error")].map(n=>n.textContent).join(" | ")`));
await sleep(500);
console.log("ann sees", await ann.ev(`document.querySelector(".player.north").textContent`), "| invite box:", await ann.ev(`!!document.querySelector(".invite")`));
for (let i = 0; i < 4; i++) {
  for (const [who, p] of [["ann", ann], ["ben", ben]]) {
    const c = await p.ev(`(() => { const b = document.querySelector("button.pit.legal"); if (!b) return null; b.click(); return b.querySelector(".letter").textContent; })()`);
    if (c) console.log(who, "played", c);
    await sleep(700);
  }
}
console.log("cy moves", await cy.ev(`[...document.querySelectorAll(".moves li")].map(l=>l.textContent).join(" ")`));
console.log("ann moves", await ann.ev(`[...document.querySelectorAll(".moves li")].map(l=>l.textContent).join(" ")`));
console.log("cy pits enabled", await cy.ev(`document.querySelectorAll("button.pit:not([disabled])").length`));
await ben.shot("online-ben");
// offer & accept
await ann.ev(`[...document.querySelectorAll(".controls button")].find(b => /Offer/.test(b.textContent)).click(); 1`);
await sleep(800);
console.log("ben notice", await ben.ev(`[...document.querySelectorAll(".notice")].map(n=>n.textContent).join(" | ")`));
await ben.ev(`[...document.querySelectorAll(".notice button")].find(b => /Đồng ý/.test(b.textContent)).click(); 1`);
await sleep(800);
console.log("ann result", await ann.ev(`(document.querySelector(".result")||{}).textContent`));
console.log("cy result", await cy.ev(`(document.querySelector(".result")||{}).textContent`));
await ann.ev(`[...document.querySelectorAll(".result button")][0].click(); 1`);
await sleep(1500);
console.log("ann rematch url", await ann.ev("location.pathname"));
await sleep(500);
console.log("ben result buttons", await ben.ev(`[...document.querySelectorAll(".result button")].map(b=>b.textContent).join("|")`));
await ben.ev(`[...document.querySelectorAll(".result button")][0].click(); 1`);
await sleep(1500);
console.log("ben rematch url", await ben.ev("location.pathname"), await ben.ev(`document.querySelector(".status").textContent`));
await ben.shot("online-ben-rematch");
chrome.kill(); process.exit(0);
