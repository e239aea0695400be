import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const p = await b.newPage();
console.log(await p.evaluate(() => { let t=performance.now(); let x=0; for(let i=0;i<3e8;i++) x+=i%7; return performance.now()-t; }));
console.log(await p.evaluate(() => { let t=performance.now(); const a=[]; for(let i=0;i<1e6;i++) a.push({i, s:String(i)}); return performance.now()-t; }));
await b.close();
