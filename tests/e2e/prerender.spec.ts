/**
 * The sign-in screen written into index.html by the build (vite.config.ts, signedOutPrerender):
 * it is there before any script runs, the app hydrates it in place (no console error, the same
 * elements kept), its button cannot send the form natively before that, and nobody who will
 * not see that screen sees it flash: a signed-in member, another language, another page.
 */
import type { Page } from "@playwright/test";
import { test, expect, signIn, DEMO_PASSWORD } from "./fixtures";

// The service worker would answer the entry from its cache, past the hold below.
test.use({ serviceWorkers: "block" });

/** Holds the app's entry script until `release` is called: the page as it is before the app runs. */
async function holdTheApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function remember(page: Page, items: Record<string, string>) {
  await page.goto("/api/health");
  await page.evaluate((all) => Object.entries(all).forEach(([k, v]) => localStorage.setItem(k, v)), items);
}

test("without any script the sign-in screen is in the page, and its button cannot send the password", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome back", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeVisible();
  // A native submit would put the password in the address; a disabled default button stops
  // even Enter in a field from submitting.
  await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
  await context.close();
});

test("the app hydrates the screen in place: the same elements, then signing in works", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/auth/login", { waitUntil: "commit" });
  const heading = page.getByRole("heading", { name: "Welcome back", level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
  await page.evaluate(() => ((window as unknown as { before: Element | null }).before = document.querySelector("#email")));
  release();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  // Hydrated, not replaced: the field the HTML held is the one the app now drives.
  expect(await page.evaluate(() => (window as unknown as { before: Element | null }).before === document.querySelector("#email"))).toBe(true);
  await page.getByLabel("Email").fill("member@koinonia.test");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("signed in from another tab after the page loaded but before the app ran: rendered anew, no hydration mismatch", async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 401/); // the session check of the made-up token below
  // The token arrives in the frame the app waits for before hydrating, as another tab's sign-in
  // would on a slow phone (no token when theme-init.js looked, one when the app renders).
  await page.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    let first = true;
    window.requestAnimationFrame = (cb) =>
      raf((t) => {
        if (first && location.pathname === "/auth/login") {
          first = false;
          localStorage.setItem("token", "from-another-tab");
          localStorage.setItem("user", JSON.stringify({ firstName: "Ghost" }));
        }
        cb(t);
      });
  });
  await page.goto("/auth/login");
  // The made-up session fails its check: storage cleared, the sign-in screen the app rendered.
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("a signed-in member never sees the sign-in screen flash", async ({ page }) => {
  await signIn(page, "member@koinonia.test");
  const release = await holdTheApp(page);
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.locator("#root")).toBeHidden();
  await expect(page.getByRole("heading", { name: "Welcome back", level: 1 })).toBeHidden();
  release();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome back", level: 1 })).toHaveCount(0);
});

test("a visitor reading Spanish, or on another signed-out page, never sees the English screen", async ({ page }) => {
  await remember(page, { language: "es" });
  let release = await holdTheApp(page);
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Welcome back", level: 1 })).toBeHidden();
  release();
  await expect(page.getByRole("heading", { name: "Bienvenido de nuevo", level: 1 })).toBeVisible();
  await expect(page.getByText("Welcome back")).toHaveCount(0);

  await page.unroute(/\/assets\/index-[\w-]+\.js$/);
  await page.evaluate(() => localStorage.removeItem("language"));
  release = await holdTheApp(page);
  await page.goto("/auth/register", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Welcome back", level: 1 })).toBeHidden();
  release();
  await expect(page.getByRole("heading", { name: "Join the family", level: 1 })).toBeVisible();
  await expect(page.getByText("Welcome back")).toHaveCount(0);
});
