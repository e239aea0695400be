/**
 * Admin → Church on a brand-new church (issue 18): a server of its own, SEED_DEMO=false, whose
 * only account is a pastor. The pastor renames the church and replaces its service times; a
 * member who joins afterwards sees them on Home and Visit Us, in English and in Spanish. A
 * visitor opens the first-time visitor card without an account.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test, expect, uniqueEmail, recordToasts, expectToastSeen } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 5055) + 50;
const BASE = `http://127.0.0.1:${PORT}`;
const PASTOR = { email: "paula.pastor@example.org", password: "shepherd-1234" };
let server: ChildProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const log = fs.openSync(path.join(process.env.KOINONIA_TEST_LOG_DIR ?? "/tmp", "e2e-fresh-church-server.log"), "a");
  server = spawn("npx", ["tsx", "tests/e2e/serve.ts"], {
    env: { ...process.env, E2E_PORT: String(PORT), E2E_SEED_DEMO: "false", E2E_PASTOR: `${PASTOR.email}:${PASTOR.password}` },
    stdio: ["ignore", log, log],
    detached: true,
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 170) throw new Error("the fresh server did not start");
    await new Promise((r) => setTimeout(r, 1000));
  }
});
test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

test("a pastor sets the church's name and a service time; a member sees them on Home, in English and Spanish", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await recordToasts(page);
  await page.goto(`${BASE}/auth/login`);
  await page.getByLabel("Email").fill(PASTOR.email);
  await page.getByLabel("Password").fill(PASTOR.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  await page.goto(`${BASE}/admin`);
  await page.getByRole("tab", { name: "Church" }).click();
  await page.getByLabel("Church name").fill("New Life Chapel");
  // The config file's five service times go; one Saturday evening service with a name in both languages comes.
  for (let n = 5; n >= 1; n--) await page.getByRole("button", { name: `Remove service time ${n}` }).click();
  await expect(page.getByText("No service times yet.")).toBeVisible();
  await page.getByRole("button", { name: "Add a service time" }).click();
  await page.getByLabel("Day", { exact: true }).selectOption("Saturdays");
  await page.getByLabel("Time", { exact: true }).fill("18:30");
  await page.getByLabel("Name in English (optional)").fill("Evening Worship");
  await page.getByLabel("Name in Spanish (optional)").fill("Culto de la tarde");
  // The form checks as the server does: a bad colour is named before anything is sent.
  await page.getByRole("textbox", { name: "Accent colour", exact: true }).fill("orange");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Enter a colour as # and six hex digits, e.g. #B45309")).toBeVisible();
  await page.getByRole("textbox", { name: "Accent colour", exact: true }).fill("#0F766E");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expectToastSeen(page, "Church profile saved");
  // The pastor's own screens follow at once (the header shows the name).
  await expect(page.getByRole("banner")).toContainText("New Life Chapel");

  // A member who joins now.
  const member = await browser.newPage();
  await member.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  await member.goto(`${BASE}/auth/register`);
  await member.getByLabel("First name").fill("Ruth");
  await member.getByLabel("Last name").fill("Moabite");
  await member.getByLabel("Email").fill(uniqueEmail());
  await member.getByLabel("Password").fill("faithful-123");
  await member.getByRole("button", { name: "Create Account" }).click();
  await expect(member.getByRole("heading", { level: 1, name: "New Life Chapel" })).toBeVisible();
  await expect(member.getByText(/at 6:30PM$/)).toBeVisible();
  await member.goto(`${BASE}/visit-us`);
  await expect(member.getByRole("listitem").filter({ hasText: "Saturdays" })).toContainText("6:30 PM · Evening Worship");

  await member.goto(`${BASE}/profile`);
  await member.getByLabel("Language").selectOption("es");
  await expect(member.getByRole("status").filter({ hasText: "Idioma actualizado" })).toBeVisible();
  await member.goto(`${BASE}/visit-us`);
  await expect(member.getByRole("listitem").filter({ hasText: "Sábado" })).toContainText("6:30 PM · Culto de la tarde");
  await member.goto(`${BASE}/`);
  await expect(member.getByRole("heading", { level: 1, name: "New Life Chapel" })).toBeVisible();
  await expect(member.getByText(/a las 6:30PM$/)).toBeVisible();
  await member.close();
});

test("a first-time visitor opens the visitor card without an account", async ({ page }) => {
  await page.goto(`${BASE}/visitors`);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, visitor!" })).toBeVisible();
  await expect(page.getByText("New Life Chapel").first()).toBeVisible();
  await page.getByLabel("Name").fill("Lydia Thyatira");
  await page.getByLabel("Email").fill("lydia@example.org");
  await page.getByLabel("How did you hear about us?").selectOption("Online search");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you for visiting!" })).toBeVisible();
});
