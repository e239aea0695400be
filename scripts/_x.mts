import { chromium } from "playwright-core";
const base = "http://localhost:5092";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
for (const scheme of ["light", "dark"] as const) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-MX" });
  const page = await ctx.newPage();
  await page.goto(`${base}/auth/login`);
  if (scheme === "dark") { await page.evaluate(() => localStorage.setItem("theme", "dark")); await page.reload(); }
  await page.getByLabel("Correo electrónico").fill("member@koinonia.test");
  await page.getByLabel("Contraseña").fill("koinonia-demo");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.waitForURL(`${base}/`);
  await page.goto(`${base}/giving`);
  await page.getByRole("heading", { name: "Dé con alegría" }).waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/give-${scheme}.png`, fullPage: true });
  await page.getByRole("button", { name: "$50", exact: true }).click();
  await page.getByRole("button", { name: "Dar $50.00" }).click();
  await page.getByRole("button", { name: "Dar $50.00" }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/pay-${scheme}.png`, fullPage: true });
  await page.goto(`${base}/giving?tab=wallet`);
  await page.getByText("Billetera digital").waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/wallet-${scheme}.png`, fullPage: true });
  await page.getByRole("tab", { name: "Movimientos" }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/tx-${scheme}.png` });
  await page.goto(`${base}/giving/statement?year=2026`);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shots/statement-${scheme}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
