import { test, expect, signIn, register } from "./fixtures";

const CHURCH = "Koinonia Church Orlando";

test("a new member registers and lands on Home with the church name", async ({ page }) => {
  await register(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: CHURCH })).toBeVisible();
  await expect(page.getByText("Visit Us")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  const stored = await page.evaluate(() => ({ token: localStorage.getItem("token"), user: JSON.parse(localStorage.getItem("user") ?? "{}") }));
  expect(stored.token).toMatch(/^[\w-]{43}$/);
  expect(stored.user.role).toBe("MEMBER");
});

test("register shows the spec's validation messages", async ({ page }) => {
  await page.goto("/auth/register");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Last name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
});

test("sign in validates, then signs out through the settings menu back to login", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await signIn(page, "member@koinonia.test");
  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});

test("a wrong password shows the 'Sign in failed' toast", async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 401/);
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill("member@koinonia.test");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Sign in failed" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Invalid email or password");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
});

test("an unknown path shows the 404 page", async ({ page }) => {
  await signIn(page, "member@koinonia.test");
  await page.goto("/no-such-page");
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("a signed-out deep link shows the login screen", async ({ page }) => {
  await page.goto("/profile");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
});

test("a failed session check clears token and user and shows login", async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 401/);
  // A token the server does not know, stored before the app starts, once (as a session ended
  // elsewhere leaves it). Storing it from a test while the sign-in screen was still hydrating made
  // React hydrate the signed-in tree over the sign-in HTML (#418), a race of the test's own.
  await page.addInitScript(() => {
    if (sessionStorage.getItem("ghost-stored")) return;
    sessionStorage.setItem("ghost-stored", "1");
    localStorage.setItem("token", "not-a-real-token");
    localStorage.setItem("user", JSON.stringify({ firstName: "Ghost" }));
  });
  await page.goto("/sunday");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
});

test("the staff badge shows for a PASTOR and not for a MEMBER", async ({ browser }) => {
  const pastor = await browser.newPage();
  await signIn(pastor, "pastor@koinonia.test");
  await expect(pastor.getByTestId("staff-badge")).toBeVisible();
  await pastor.goto("/profile");
  await expect(pastor.getByRole("button", { name: "Open Admin Dashboard" })).toBeVisible();
  await expect(pastor.getByTestId("role-badge")).toHaveText("PASTOR");
  await pastor.close();

  const member = await browser.newPage();
  await signIn(member, "member2@koinonia.test");
  await expect(member.getByRole("button", { name: "Settings" })).toBeVisible();
  await expect(member.getByTestId("staff-badge")).toHaveCount(0);
  await member.goto("/profile");
  await expect(member.getByText("Church information")).toBeVisible();
  await expect(member.getByRole("button", { name: "Open Admin Dashboard" })).toHaveCount(0);
  await member.close();
});

test("dark mode persists across a reload", async ({ page }) => {
  await signIn(page, "member@koinonia.test");
  await page.goto("/profile");
  const toggle = page.getByRole("switch", { name: "Dark mode" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("switch", { name: "Dark mode" })).toHaveAttribute("aria-checked", "true");
});

test("profile shows the member, the church and Sign Out revokes the session", async ({ page }) => {
  await register(page, "Lydia", "Thyatira");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Lydia Thyatira" })).toBeVisible();
  await expect(page.getByRole("main").getByText("LT", { exact: true })).toBeVisible();
  await expect(page.getByText("koinonia-orlando")).toBeVisible();
  await expect(page.getByText("(407) 555-0123")).toBeVisible();
  await expect(page.getByText("8:00AM, 9:30AM, 11:00AM")).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem("token"));
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  const res = await page.request.get("/api/church/me", { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
});

test("the Home tab is active on / and on /sunday; Home links to Visit Us", async ({ page }) => {
  await signIn(page, "member@koinonia.test");
  await page.goto("/sunday");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Giving" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: /Watch Live/ })).toHaveAttribute("href", /youtube\.com/);
});

test("signed out, the sign-in screen's code is preloaded beside the app's; signed in, it is not", async ({ page }) => {
  const preloaded = () => page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href") ?? ""));
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  const listed = ((await page.locator('meta[name="koinonia-signed-out-preload"]').getAttribute("content")) ?? "").split(" ");
  expect(listed.some((f) => /\/assets\/login-page-[\w-]+\.js$/.test(f))).toBe(true);
  expect(await preloaded()).toEqual(expect.arrayContaining(listed));

  await register(page);
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  const after = await preloaded();
  expect(after.filter((f) => listed.includes(f))).toEqual([]);
});
