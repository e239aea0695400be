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
