// Manual check (see README.md here): a game against the computer in headless Chromium.
// Drives headless Chromium over the DevTools protocol: new game vs computer, click pits.
const base = process.argv[2];
const port = 9333;
const { spawn } = await import("node:child_process");
const chrome = spawn("chromium", ["--headless", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`, "--window-size=390,1000", "about:blank"], { stdio: "ignore" });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let targets;
for (let i = 0; i < 50; i++) { try { targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json(); if (targets.length) break; } catch (e) {} await sleep(200); }
const page = targets.find((t) => t.type === "page");
const ws = new WebSocket(page.webSocketDebuggerUrl);
await new Promise((r) => ws.addEventListener("open", r));
let id = 0; const pending = new Map();
ws.addEventListener("message", (m) => { const d = JSON.parse(m.data); if (d.id && pending.has(d.id)) { pending.get(d.id)(d); pending.delete(d.id); } if (d.method === "Runtime.exceptionThrown") console.log("EXCEPTION", JSON.stringify(d.params.exceptionDetails).slice(0, 400)); if (d.method === "Runtime.consoleAPICalled") console.log("CONSOLE", JSON.stringify(d.params.args).slice(0, 300)); });
const send = (method, params = {}) => new Promise((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
const ev = async (expr) => (await send("Runtime.evaluate", { expression: expr, awaitPromise: true, returnByValue: true })).result?.result?.value;
await send("Runtime.enable");
await send("Emulation.setDeviceMetricsOverride", { width: 390, height: 1000, deviceScaleFactor: 1, mobile: true });
const go = async (url) => { await send("Page.navigate", { url }); await sleep(1200); };
const shot = async (name) => { const r = await send("Page.captureScreenshot", { format: "png" }); (await import("node:fs")).writeFileSync(`/tmp/shots/${name}.png`, Buffer.from(r.result.data, "base64")); };
await send("Page.enable");
await go(`${base}/new?game=${process.argv[3] || "wahree"}&lang=nl`);
await ev(`localStorage.setItem("mancala.speed", "3"); document.querySelector("[name=name]").value = "Tester"; document.querySelector("#new-game button[type=submit]").click(); 1`);
await sleep(1500);
console.log("at", await ev("location.pathname"));
for (let i = 0; i < (Number(process.argv[4]) || 6); i++) {
  const clicked = await ev(`(() => { const b = document.querySelector("button.pit.legal"); if (!b) return "none: " + (document.querySelector(".status")||{}).textContent; b.click(); return b.querySelector(".letter").textContent; })()`);
  console.log("click", clicked);
  await sleep(Number(process.argv[5]) || 2500);
}
console.log("status", await ev(`document.querySelector(".status").textContent`));
console.log("moves", await ev(`[...document.querySelectorAll(".moves li")].map(l => l.textContent).join(" ")`));
console.log("explanation", await ev(`(document.querySelector(".explanation")||{}).textContent`));
console.log("error", await ev(`(document.querySelector(".error")||{}).textContent`));
await shot("smoke-play-" + (process.argv[3]||"w"));
// keyboard: type a legal letter
const legal = await ev(`(() => { const b = document.querySelector("button.pit.legal"); return b ? b.querySelector(".letter").textContent : null; })()`);
if (legal) { await send("Input.dispatchKeyEvent", { type: "keyDown", key: legal, text: legal }); await send("Input.dispatchKeyEvent", { type: "keyUp", key: legal }); await sleep(Number(process.argv[5]) || 2500); console.log("after key", legal, await ev(`[...document.querySelectorAll(".moves li")].length`)); }
// undo
await ev(`[...document.querySelectorAll(".controls button")].find(b => /Terug/.test(b.textContent))?.click(); 1`);
await sleep(1500);
console.log("after undo", await ev(`[...document.querySelectorAll(".moves li")].length`), await ev(`document.querySelector(".status").textContent`));
// resign
await ev(`window.confirm = () => true; [...document.querySelectorAll(".controls button")].find(b => /Opgeven/.test(b.textContent))?.click(); 1`);
await sleep(1500);
console.log("result", await ev(`(document.querySelector(".result")||{}).textContent`));
await shot("smoke-result");
chrome.kill();
process.exit(0);
