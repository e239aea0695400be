import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "koinonia-demo";

/**
 * Every browser test fails on a console error, except the failed requests a test says it
 * expects (a 401 from a wrong password shows in the console as a failed resource).
 */
export const test = base.extend<{ allowConsoleError: (re: RegExp) => void }>({
  allowConsoleError: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !allowed.some((re) => re.test(msg.text()))) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use((re) => allowed.push(re));
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

let n = 0;
export const uniqueEmail = (prefix = "member") => `${prefix}-${Date.now()}-${process.pid}-${(n += 1)}@example.org`;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

export async function register(page: Page, firstName = "Ruth", lastName = "Moabite") {
  const email = uniqueEmail();
  await page.goto("/auth/register");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("faithful-123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  return email;
}

/**
 * The signed-in member switches to Español on Profile and waits until the account has saved it
 * and the screen speaks Spanish. Not by the "Idioma actualizado" toast: the app shows one toast
 * at a time, and a live service another test starts meanwhile ("Servicio iniciado", sent to every
 * member online) can take its place (a flaky CI run, 27 November). The toast itself is checked
 * once, in language.spec.ts.
 */
export async function chooseSpanish(page: Page, wait: { timeout?: number } = {}) {
  await page.goto("/profile");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/auth/locale") && r.request().method() === "PUT", wait);
  await page.getByLabel("Language").selectOption("es");
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole("combobox", { name: "Idioma" })).toHaveValue("es", wait);
}

/**
 * Records the text of every toast a page shows, from its next navigation on. Only one toast
 * shows at a time (spec section 9), and events from tests running in parallel (a prayer, a
 * testimony) raise broadcast toasts on every member's page: a toast this test waits for may be
 * replaced before an assertion sees it. `expectToastSeen` asks whether it was ever shown.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
    const note = (el: Element) => {
      const text = el.textContent?.trim();
      if (text && !seen.includes(text)) seen.push(text);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        const target = r.target instanceof Element ? r.target : r.target.parentElement;
        const toast = target?.closest('[role="status"]');
        if (toast) note(toast);
        // A toast added whole is itself the added node: querySelectorAll looks only below it.
        for (const n of r.addedNodes) {
          if (!(n instanceof Element)) continue;
          if (n.matches('[role="status"]')) note(n);
          n.querySelectorAll('[role="status"]').forEach(note);
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

export async function expectToastSeen(page: Page, text: string, description?: string) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __toastsSeen?: string[] }).__toastsSeen ?? []))
    .toContainEqual(expect.stringMatching(new RegExp(`${escapeRegExp(text)}[\\s\\S]*${description ? escapeRegExp(description) : ""}`)));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Screenshots of the page as it is, light then dark, into `dir` (named `<name>-light.png` and
 * `<name>-dark.png`), when `dir` is set (an env var a spec reads, for looking at a screen by hand).
 */
export async function shootLightDark(page: Page, dir: string | undefined, name: string) {
  if (!dir) return;
  for (const dark of [false, true]) {
    await page.evaluate((d) => document.documentElement.classList.toggle("dark", d), dark);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${dir}/${name}-${dark ? "dark" : "light"}.png` });
  }
  await page.evaluate(() => document.documentElement.classList.toggle("dark", false));
}
