import { chromium } from "@playwright/test";
import fs from "node:fs";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const p = await b.newPage({ viewport: { width: 390, height: 844 }, serviceWorkers: process.env.SW ?? "allow" });
await b.startTracing(p, { path: "/tmp/trace.json", categories: ["devtools.timeline","disabled-by-default-devtools.timeline","toplevel","v8.execute","blink","loading"] });
await p.goto(process.argv[2] ?? "http://127.0.0.1:5391/", { waitUntil: "networkidle" });
await b.stopTracing();
await b.close();
const ev = JSON.parse(fs.readFileSync("/tmp/trace.json")).traceEvents;
const mains = ev.filter(e => e.name === "thread_name" && e.args.name === "CrRendererMain");
const tot = (m) => ev.filter(e => e.pid===m.pid && e.tid===m.tid && e.name==="RunTask").reduce((a,e)=>a+(e.dur??0),0);
const main = mains.sort((a,b)=>tot(b)-tot(a))[0];
const tid = main.tid, pid = main.pid;
const sum = new Map();
for (const e of ev) if (e.pid === pid && e.tid === tid && e.ph === "X" && e.dur) { sum.set(e.name, (sum.get(e.name) ?? 0) + e.dur); }
console.log([...sum].sort((a,b)=>b[1]-a[1]).slice(0,30).map(([k,v])=>`${(v/1000).toFixed(1)} ${k}`).join("\n"));
const tasks = ev.filter(e => e.pid===pid && e.tid===tid && e.name==="RunTask" && e.dur>20000).map(e=>({ts:e.ts, dur:e.dur/1000}));
console.log(tasks.length, tasks.slice(0,20));
const mine = ev.filter(e => e.pid===pid && e.tid===tid && e.ph==="X" && e.dur);
for (const t of ev.filter(e => e.pid===pid && e.tid===tid && e.name==="RunTask" && e.dur>30000)) {
  const kids = mine.filter(e => e.ts>=t.ts && e.ts+e.dur<=t.ts+t.dur && e!==t && e.dur>8000 && !/RunTask|ThreadController|mojo/.test(e.name));
  console.log(`--- task ${(t.dur/1000).toFixed(0)}ms`);
  for (const k of kids.slice(0,8)) console.log(`   ${(k.dur/1000).toFixed(0)} ${k.name} ${JSON.stringify(k.args?.data ?? {}).slice(0,140)}`);
}
