/**
 * Screenshots of the main screens at phone size (390x844), light and dark, for a human look.
 * Usage: start the app (npm start), then: npx tsx scripts/screenshots.ts [baseUrl] [outDir]
 */
import { chromium } from "playwright-core";
import fs from "node:fs";

const base = process.argv[2] ?? "http://localhost:5000";
const out = process.argv[3] ?? "screenshots";
fs.mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
for (const scheme of ["light", "dark"] as const) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  await page.goto(`${base}/auth/login`);
  if (scheme === "dark") {
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
  }
  await page.getByLabel("Email").waitFor();
  await page.screenshot({ path: `${out}/login-${scheme}.png` });
  await page.goto(`${base}/auth/register`);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.screenshot({ path: `${out}/register-errors-${scheme}.png` });
  await page.goto(`${base}/auth/login`);
  await page.getByLabel("Email").fill(process.env.SHOT_EMAIL ?? "pastor@koinonia.test");
  await page.getByLabel("Password").fill("koinonia-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByText("Visit Us").waitFor();
  await page.screenshot({ path: `${out}/home-${scheme}.png` });
  await page.getByRole("button", { name: "Settings" }).click();
  await page.screenshot({ path: `${out}/menu-${scheme}.png` });
  await page.keyboard.press("Escape");
  await page.goto(`${base}/profile`);
  await page.getByText("Church information").waitFor();
  await page.screenshot({ path: `${out}/profile-${scheme}.png`, fullPage: true });
  await page.goto(`${base}/nowhere`);
  await page.getByText("404 Page Not Found").waitFor();
  await page.screenshot({ path: `${out}/404-${scheme}.png` });
  await ctx.close();
}
await browser.close();
console.log(`screenshots in ${out}/`);
