/**
 * Accessibility (issue 9): axe-core (WCAG 2.1 A and AA rules) finds no violation on any screen,
 * signed out, as a member and as staff, in the light and the dark theme (one page load per
 * screen, a tab is one click, sign-in once per role through the API). Then what axe cannot see:
 * a whole gift given with the keyboard alone, dialogs that keep and give back focus, tabs and
 * switches worked from the keyboard, toasts announced politely, and text at 200% without
 * sideways scrolling.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { test, expect, DEMO_PASSWORD, uniqueEmail, chooseSpanish } from "./fixtures";
import { es } from "../../contract/i18n/es";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

interface Screen {
  name: string;
  path: string;
  /** A tab to open after the page loads. */
  tab?: string;
  /** What shows once the screen is loaded. */
  ready: (page: Page) => Promise<void>;
}

/** Screens load slowly on a busy test machine: wait longer than the default for the first sight. */
const LOAD = { timeout: 20_000 };
const h1 = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible(LOAD);
};

const SIGNED_OUT: Screen[] = [
  { name: "login", path: "/auth/login", ready: async (p) => expect(p.getByRole("button", { name: "Sign In" })).toBeVisible(LOAD) },
  { name: "register", path: "/auth/register", ready: async (p) => expect(p.getByRole("button", { name: "Create Account" })).toBeVisible(LOAD) },
  { name: "forgot password", path: "/auth/forgot-password", ready: async (p) => expect(p.getByLabel("Email")).toBeVisible(LOAD) },
];

const MEMBER_A: Screen[] = [
  { name: "Home", path: "/sunday", ready: h1("Koinonia Church Orlando") },
  { name: "Connect", path: "/connect", ready: h1("Connect") },
  { name: "Prayer", path: "/prayer", ready: h1("Prayer Center") },
  { name: "Media", path: "/media", ready: h1("Media") },
  { name: "Media, Videos", path: "/media?tab=videos", ready: h1("Media") },
  { name: "Media, Notes", path: "/media?tab=notes", ready: h1("Media") },
  { name: "Media, Bible", path: "/media?tab=bible", ready: h1("Media") },
  { name: "Media, Comments", path: "/media?tab=comments", ready: h1("Media") },
];
const MEMBER_B: Screen[] = [
  { name: "Give", path: "/giving", ready: h1("Give & Manage") },
  { name: "Wallet", path: "/giving?tab=wallet", ready: h1("Give & Manage") },
  { name: "Profile", path: "/profile", ready: async (p) => expect(p.getByText("Church information")).toBeVisible(LOAD) },
  { name: "Invite", path: "/invite", ready: h1("Invite a friend") },
  { name: "Visit Us", path: "/visit-us", ready: h1("Plan your visit") },
  { name: "visitors", path: "/visitors", ready: h1("Welcome, visitor!") },
  { name: "ai-prayer", path: "/ai-prayer", ready: h1(/Prayer Companion/) },
];

const STAFF: Screen[] = [
  ...["Dashboard", "Live", "Moderation", "Media", "Visitors", "Groups", "Announcements", "Journeys", "Challenges", "People"].map((tab) => ({ name: `Admin, ${tab}`, path: "/admin", tab, ready: h1("Admin") })),
  { name: "Integrations", path: "/integrations", ready: h1(/Integrations/) },
];

async function signInAs(page: Page, email: string) {
  const res = await page.request.post("/api/auth/login", { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await page.addInitScript(
    ([t, u]) => {
      if (!localStorage.getItem("token")) {
        localStorage.setItem("token", t);
        localStorage.setItem("user", u);
      }
    },
    [token, JSON.stringify(user)],
  );
}

async function auditScreens(page: Page, screens: Screen[], dark: boolean) {
  if (dark) await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  const problems: string[] = [];
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.ready(page);
    if (screen.tab) await page.getByRole("tab", { name: new RegExp(`^${screen.tab}`) }).click();
    await page.waitForLoadState("networkidle");
    // Skeletons and spinners gone: the screen shows its data.
    await expect(page.locator("main .animate-pulse, main .animate-spin")).toHaveCount(0, LOAD);
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(dark);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ["violations"] }).analyze();
    for (const v of violations)
      problems.push(`${screen.name}: ${v.id} (${v.impact}) ${v.help}\n${v.nodes.slice(0, 8).map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ")}`).join("\n")}`);
  }
  expect(problems, problems.join("\n")).toEqual([]);
}

test.describe("axe finds no WCAG 2.1 AA violation", () => {
  test.beforeEach(async ({ page }) => {
    // Other tests' live events raise toasts over the screen being checked.
    await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  });

  for (const dark of [false, true]) {
    const theme = dark ? "dark" : "light";
    test(`signed out, ${theme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await auditScreens(page, SIGNED_OUT, dark);
    });
    test(`as a member: Home, Connect, Prayer, Media; ${theme}`, async ({ page }) => {
      test.setTimeout(300_000);
      await signInAs(page, "member@koinonia.test");
      await auditScreens(page, MEMBER_A, dark);
    });
    test(`as a member: Give, Wallet, Profile, Invite, Visit Us, visitors, companion; ${theme}`, async ({ page }) => {
      test.setTimeout(300_000);
      await signInAs(page, "member@koinonia.test");
      await auditScreens(page, MEMBER_B, dark);
    });
    test(`as staff, ${theme}`, async ({ page }) => {
      test.setTimeout(300_000);
      await signInAs(page, "owner@koinonia.test");
      await auditScreens(page, STAFF, dark);
    });
  }
});

/** A new member, signed in through the API (no saved cards, a clean slate). */
async function newMember(page: Page, firstName = "Dorcas") {
  const res = await page.request.post("/api/auth/register", { data: { firstName, lastName: "Joppa", email: uniqueEmail("a11y"), password: "faithful-123" } });
  expect(res.status()).toBe(201);
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await page.addInitScript(
    ([t, u]) => {
      if (!localStorage.getItem("token")) {
        localStorage.setItem("token", t);
        localStorage.setItem("user", u);
      }
    },
    [token, JSON.stringify(user)],
  );
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab until `target` has the focus (as a keyboard user moves through a page). */
async function tabTo(page: Page, target: Locator, max = 80) {
  await expect(target).toBeVisible(LOAD);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test.describe("with the keyboard alone", () => {
  test.beforeEach(async ({ page }) => {
    await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  });

  test("a member gives a one-time gift: Tab, Enter, Space and typing only", async ({ page }) => {
    test.setTimeout(90_000);
    await newMember(page);
    await page.goto("/sunday");
    // The bottom navigation, from the keyboard.
    await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Giving" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Give with Joy" })).toBeVisible(LOAD);

    await tabTo(page, page.getByLabel("Amount (USD)"));
    await page.keyboard.type("30");
    await tabTo(page, page.getByRole("button", { name: "Give $30.00" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Complete Your Gift" })).toBeVisible(LOAD);

    for (const [label, text] of [
      ["Card number", "4242 4242 4242 4242"],
      ["Month", "12"],
      ["Year", "2099"],
      ["CVV", "123"],
      ["Address", "1200 Lake Eola Drive"],
      ["City", "Orlando"],
      ["State", "FL"],
      ["ZIP", "32801"],
    ] as const) {
      await tabTo(page, page.getByLabel(label, { exact: true }));
      await page.keyboard.type(text);
    }
    await tabTo(page, page.getByRole("button", { name: "Give $30.00" }));
    await page.keyboard.press("Space");
    await expect(page.getByRole("status").filter({ hasText: "Thank you for your gift!" }).first()).toContainText("$30.00", LOAD);
    await expect(page.getByTestId("recent-gift").first()).toContainText("COMPLETED");
  });

  test("a dialog keeps the focus inside and gives it back; tabs and switches work from the keyboard", async ({ page }) => {
    test.setTimeout(90_000);
    await newMember(page);
    await page.goto("/media?tab=notes");
    const newNote = page.getByRole("button", { name: "New Note" });
    await tabTo(page, newNote);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "New Note" });
    await expect(dialog).toBeVisible();
    // Tab goes round inside the dialog, never to the page behind it.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect.poll(() => isFocused(newNote)).toBe(true);

    // Tabs: the arrow keys move between them (Radix roving focus), Enter is not needed.
    const notesTab = page.getByRole("tab", { name: /Notes/ });
    await notesTab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: /Bible/ })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/tab=bible/);

    // A switch: Space turns it on and off (dark mode on Profile).
    await page.goto("/profile");
    const dark = page.getByRole("switch", { name: /Dark mode/i });
    await tabTo(page, dark);
    const before = await dark.getAttribute("aria-checked");
    await page.keyboard.press("Space");
    await expect(dark).not.toHaveAttribute("aria-checked", before!);
    await page.keyboard.press("Space");
    await expect(dark).toHaveAttribute("aria-checked", before!);
  });
});

test("toasts, errors included, are announced politely", async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 401/);
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill("member@koinonia.test");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const announcer = page.locator('[role="status"][aria-live]').filter({ hasText: "Sign in failed" });
  await expect(announcer).toHaveAttribute("aria-live", "polite");
  await expect(page.locator('[aria-live="assertive"]')).toHaveCount(0);
});

test("text at 200% fits the screen: no sideways scrolling on the main screens", async ({ page }) => {
  test.setTimeout(120_000);
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => (document.documentElement.style.fontSize = "200%"));
  });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.goto("/auth/login");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible(LOAD);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("32px");
  expect(await overflow(), "login").toBeLessThanOrEqual(0);
  await newMember(page, "Bartholomew");
  for (const [path, heading] of [
    ["/sunday", "Koinonia Church Orlando"],
    ["/prayer", "Prayer Center"],
    ["/giving", "Give & Manage"],
    ["/giving?tab=wallet", "Give & Manage"],
    ["/connect", "Connect"],
    ["/media?tab=notes", "Media"],
    ["/invite", "Invite a friend"],
    ["/visit-us", "Plan your visit"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible(LOAD);
    await page.waitForLoadState("networkidle");
    expect(await overflow(), path).toBeLessThanOrEqual(0);
  }
});

test("in Spanish too, whose words run longer: text at 200% fits the screen", async ({ page }) => {
  test.setTimeout(120_000);
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  await newMember(page, "Bartolomé");
  await chooseSpanish(page, LOAD);
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => (document.documentElement.style.fontSize = "200%"));
  });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const [path, heading] of [
    ["/prayer", es.prayer.center],
    ["/giving", es.giving.title],
    ["/giving?tab=wallet", es.giving.title],
    ["/connect", es.connect.title],
    ["/media?tab=notes", es.media.title],
    ["/invite", es.invite.title],
    ["/visit-us", es.visitUs.title],
    ["/ai-prayer", es.companion.title],
    ["/profile", /Bartolomé/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible(LOAD);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), path).toBe("32px");
    expect(await overflow(), path).toBeLessThanOrEqual(0);
  }
});
