// Builds the client when dist/client is missing or older than its sources (npm start calls this).
import fs from "node:fs";
import path from "node:path";
import { execSync } from "node:child_process";

const index = "dist/client/index.html";
const newest = (dir) => {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
};
const sources = Math.max(newest("client"), newest("contract"), fs.statSync("vite.config.ts").mtimeMs);
if (!fs.existsSync(index) || fs.statSync(index).mtimeMs < sources) {
  console.log("Building the client...");
  execSync("npx vite build --logLevel warn", { stdio: "inherit" });
}
