/**
 * Renders the installed app's icons (client/public/icons/*.png, named in the web app manifest)
 * from the church's SVG logo, in Chromium. Run it again after replacing the logo:
 *   npx tsx scripts/render-app-icons.ts [logo.svg] [background colour]
 * "any" icons: the logo on a transparent square. "maskable" icons: the logo inside the central
 * 80% safe zone on a full square of the background colour (default: the church's accent colour),
 * so a launcher's circle or squircle mask never cuts it.
 */
import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";

const church = JSON.parse(fs.readFileSync("config/church.json", "utf8")) as { accentColor: string };
const logo = process.argv[2] ?? "client/public/church-logo.svg";
const background = process.argv[3] ?? church.accentColor;
const out = "client/public/icons";
fs.mkdirSync(out, { recursive: true });
const svg = `data:image/svg+xml;base64,${fs.readFileSync(logo).toString("base64")}`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
for (const size of [192, 512]) {
  for (const purpose of ["any", "maskable"] as const) {
    const inner = purpose === "maskable" ? Math.round(size * 0.72) : size;
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${purpose === "maskable" ? background : "transparent"}">` +
        `<img src="${svg}" width="${inner}" height="${inner}"></body></html>`,
    );
    await page.locator("img").evaluate((img: HTMLImageElement) => img.decode());
    const file = path.join(out, purpose === "maskable" ? `maskable-${size}.png` : `icon-${size}.png`);
    await page.screenshot({ path: file, omitBackground: purpose === "any" });
    console.log(file);
  }
}
await browser.close();
