/**
 * The installable app and a dropped connection: the web app manifest (from the church config,
 * PNG icons), the service worker's app shell (the app opens offline; API answers are never
 * cached), the offline banner, and a prayer request or note that fails to send for lack of
 * network: said plainly, kept in the form, and kept as a draft across a reload until it is sent.
 */
import type { Page } from "@playwright/test";
import { test, expect, signIn, register, recordToasts, expectToastSeen } from "./fixtures";

const OFFLINE = "You're offline. Showing what was last loaded.";
const KEPT = "No connection. Your text is kept — try again when you're back online.";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buf: Buffer) {
  expect(buf.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** Every URL path held in the page's caches. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) out.push(new URL(req.url).pathname);
    return out;
  });

test("the manifest installs the app under the church's name and colours, with PNG icons of 192 and 512 pixels", async ({ request, page }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/manifest+json");
  const m = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
  expect(m).toMatchObject({
    name: "Koinonia Church Orlando",
    short_name: "Koinonia",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#B45309",
    background_color: "#FAF8F5",
  });
  for (const size of [192, 512]) {
    for (const purpose of ["any", "maskable"]) {
      const icon = m.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
      expect(icon, `${purpose} ${size}`).toBeTruthy();
      const file = await request.get(icon!.src);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/png");
      expect(pngSize(await file.body())).toEqual({ width: size, height: size });
    }
  }
  // The page links it, and the browser reads it as a valid manifest.
  await page.goto("/auth/login");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
});

test("the app shell is cached, API answers never are; offline the app still opens, with the banner", async ({ page, context, allowConsoleError }) => {
  allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  await signIn(page, "member@koinonia.test");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // Screens with personal data (prayer requests, giving) load through the worker.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Prayer" }).click();
  await expect(page.getByRole("heading", { name: "Prayer Center" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Giving" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await expect
    .poll(async () => {
      const paths = await cachedPaths(page);
      return ["/index.html", "/manifest.webmanifest", "/icons/icon-192.png", "/icons/maskable-512.png"].every((p) => paths.includes(p)) && paths.some((p) => /^\/assets\/.+\.js$/.test(p));
    })
    .toBe(true);
  const paths = await cachedPaths(page);
  expect(paths.filter((p) => p.startsWith("/api/"))).toEqual([]);
  // Every screen's code is there before it is first opened (precached, not only what was visited).
  expect(paths.some((p) => /^\/assets\/integrations-page-.+\.js$/.test(p))).toBe(true);

  // The connection drops: the banner says so, politely.
  const banner = page.getByTestId("offline-banner");
  await expect(banner).toHaveCount(0);
  await context.setOffline(true);
  await expect(banner).toHaveText(OFFLINE);
  await expect(page.getByRole("status").filter({ hasText: OFFLINE })).toBeVisible();

  // Opening the app with no connection: the shell comes from the cache, the member is still signed in.
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(banner).toHaveText(OFFLINE);
  await expect(page.getByRole("banner")).toContainText("Koinonia Church Orlando");
  // A screen not opened in this session comes from the cache as well.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Prayer" }).click();
  await expect(page.getByRole("heading", { name: "Prayer Center" })).toBeVisible();

  // Back online: the banner goes; the session check that could not run now does.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("signed out and offline: the banner shows on the sign-in screen", async ({ page, context, allowConsoleError }) => {
  // The cut connection may interrupt the service worker script fetch, which Chromium logs itself.
  allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to load resource|An unknown error occurred when fetching the script/);
  await page.goto("/auth/login");
  await expect(page.getByLabel("Email")).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByTestId("offline-banner")).toHaveText(OFFLINE);
  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
});

test.describe("a send that fails for lack of network keeps what the member typed", () => {
  // Other tests' prayers raise broadcast toasts that may replace ours: every toast shown is
  // recorded. (No page.route here: Chromium holds, rather than fails, an intercepted page's
  // requests while offline, which would hide what a member sees.)
  test.beforeEach(async ({ page, allowConsoleError }) => {
    allowConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to load resource|An unknown error occurred when fetching the script/);
    await recordToasts(page);
  });

  test("a prayer request: kept in the form and as a draft across a reload, cleared once sent", async ({ page, context }) => {
    await register(page, "Anna", "Phanuel");
    await page.goto("/prayer");
    const title = page.getByLabel("Title");
    const description = page.getByLabel("Description");
    await title.fill("Strength for my mother");
    await description.fill("She starts treatment on Monday.");
    await page.getByLabel("This is urgent").click();

    await context.setOffline(true);
    await page.getByRole("button", { name: "Submit Prayer Request" }).click();
    await expect(page.getByTestId("kept-text")).toHaveText(KEPT);
    await expectToastSeen(page, KEPT);
    await expect(title).toHaveValue("Strength for my mother");
    await expect(description).toHaveValue("She starts treatment on Monday.");
    await expect(page.getByLabel("This is urgent")).toBeChecked();

    // The tab is closed or reloaded before the connection returns: the draft comes back.
    await context.setOffline(false);
    await page.reload();
    await expect(title).toHaveValue("Strength for my mother");
    await expect(description).toHaveValue("She starts treatment on Monday.");
    await expect(page.getByLabel("This is urgent")).toBeChecked();
    await expect(page.getByTestId("kept-text")).toHaveCount(0);

    await page.getByRole("button", { name: "Submit Prayer Request" }).click();
    await expectToastSeen(page, "Prayer request submitted");
    await expect(title).toHaveValue("");
    await expect(page.getByTestId("prayer-card").filter({ hasText: "Strength for my mother" })).toBeVisible();
    await page.reload();
    await expect(title).toHaveValue("");
    await expect(description).toHaveValue("");
  });

  test("a note: the dialog keeps it, a reload keeps the draft, saving clears it", async ({ page, context }) => {
    await register(page);
    await page.goto("/media?tab=notes");
    await page.getByRole("button", { name: "New Note" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Title").fill("Romans 8");
    await dialog.getByLabel("Content").fill("Nothing can separate us from the love of God.");

    await context.setOffline(true);
    await dialog.getByRole("button", { name: "Create Note" }).click();
    await expect(dialog.getByTestId("kept-text")).toHaveText(KEPT);
    await expect(dialog.getByLabel("Title")).toHaveValue("Romans 8");
    await expect(dialog.getByLabel("Content")).toHaveValue("Nothing can separate us from the love of God.");

    await context.setOffline(false);
    await page.reload();
    await page.getByRole("button", { name: "New Note" }).click();
    await expect(dialog.getByLabel("Title")).toHaveValue("Romans 8");
    await expect(dialog.getByLabel("Content")).toHaveValue("Nothing can separate us from the love of God.");
    await dialog.getByRole("button", { name: "Create Note" }).click();
    await expectToastSeen(page, "Success", "Note created successfully");
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("note-card").filter({ hasText: "Romans 8" })).toBeVisible();

    await page.reload();
    await page.getByRole("button", { name: "New Note" }).click();
    await expect(dialog.getByLabel("Title")).toHaveValue("");
    await expect(dialog.getByLabel("Content")).toHaveValue("");
  });
});
