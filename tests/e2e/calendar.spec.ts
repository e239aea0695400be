import type { Browser } from "@playwright/test";
import { test, expect, register, signIn, shootLightDark } from "./fixtures";

/** With EVENTS_SHOTS=<dir>, the registration and paging tests save Admin → Events in the light and the dark theme. */
const SHOTS = process.env.EVENTS_SHOTS;

/** A fresh signed-in member in a browser of their own. */
async function memberPage(browser: Browser, first: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  await register(page, first, "Calendar");
  return { page, close: () => context.close() };
}

test("staff create an event with one place; the first member is going, the second is waitlisted", async ({ page, browser }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  const title = `Elders' Supper ${Date.now()}`;
  const day = new Date(Date.now() + 10 * 86_400_000);
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;

  await signIn(page, "staff@koinonia.test");
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Events" }).click();
  await page.getByRole("button", { name: "New event" }).click();
  const form = page.getByRole("form", { name: "New event" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Location").fill("Fellowship Hall");
  await form.getByLabel("Starts").fill(`${date}T18:00`);
  await form.getByLabel("Ends").fill(`${date}T20:00`);
  await form.getByLabel("Members register").check();
  await form.getByLabel("Capacity (optional)").fill("1");
  await form.getByRole("button", { name: "Create event" }).click();
  const row = page.getByTestId("admin-event").filter({ hasText: title });
  await expect(row.getByTestId("admin-event-counts")).toHaveText("0 going, 0 waitlisted · 1 place");

  const first = await memberPage(browser, "Priscilla");
  await first.page.goto("/connect");
  await first.page.getByRole("link", { name: /Calendar of Events/ }).click();
  await expect(first.page).toHaveURL(/\/calendar$/);
  await expect(first.page.getByRole("link", { name: "This Week" })).toHaveAttribute("href", "/week");
  const card1 = first.page.getByTestId("event-card").filter({ hasText: title });
  await expect(card1).toContainText("1 place left");
  await card1.getByRole("button", { name: "Register" }).click();
  await expect(card1.getByTestId("rsvp-status")).toHaveText("Going");
  await expect(card1).toContainText("Full");
  await expect(card1.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /\/event\.ics$/);

  const second = await memberPage(browser, "Aquila");
  await second.page.goto("/calendar");
  const card2 = second.page.getByTestId("event-card").filter({ hasText: title });
  await card2.getByRole("button", { name: "Join waitlist" }).click();
  await expect(card2.getByTestId("rsvp-status")).toHaveText("On the waitlist");

  await page.reload();
  await page.getByRole("tab", { name: "Events" }).click();
  await expect(row.getByTestId("admin-event-counts")).toHaveText("1 going, 1 waitlisted · 1 place");
  await row.getByRole("button", { name: "Registrations" }).click();
  await expect(row.getByTestId("admin-event-rsvps")).toContainText("1 going, 1 waitlisted");
  await expect(row).toContainText("Priscilla Calendar");
  await expect(row).toContainText("1. Aquila Calendar");
  await row.scrollIntoViewIfNeeded();
  await shootLightDark(page, SHOTS, "admin-event-registrations");
  await first.close();
  await second.close();
});

/** Home's events card leads to This Week (/week), which shows the week's events. */
test("Home links to This Week, which shows an event of this week", async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  const login = await page.request.post("/api/auth/login", { data: { email: "pastor@koinonia.test", password: "koinonia-demo" } });
  const { token } = (await login.json()) as { token: string };
  const title = `Vespers this week ${Date.now()}`;
  // Begun a minute ago: in this week on the church's clock, whatever the day.
  const start = new Date(Date.now() - 60_000);
  const res = await page.request.post("/api/calendar/events", {
    headers: { authorization: `Bearer ${token}` },
    data: { title, startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString() },
  });
  expect(res.status()).toBe(201);

  await register(page, "Lydia", "Week");
  await page.getByTestId("home-events").getByRole("link", { name: "This Week" }).click();
  await expect(page).toHaveURL(/\/week$/);
  await expect(page.getByRole("heading", { level: 1, name: "This Week" })).toBeVisible();
  await expect(page.getByTestId("event-card").filter({ hasText: title })).toBeVisible();
});

/** Admin → Events comes a page at a time, soonest first (issue 23): "Load more" until the last, each event once. */
test("Admin → Events loads more events a page at a time", async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  const login = await page.request.post("/api/auth/login", { data: { email: "pastor@koinonia.test", password: "koinonia-demo" } });
  const { token } = (await login.json()) as { token: string };
  const stamp = Date.now();
  // Far ahead, a day apart: after every other event, in this order.
  const titles = Array.from({ length: 23 }, (_, i) => `Paging ${stamp} ${String(i + 1).padStart(2, "0")}`);
  for (const [i, title] of titles.entries()) {
    const day = `2031-03-${String(i + 1).padStart(2, "0")}`;
    const res = await page.request.post("/api/calendar/events", { headers: { authorization: `Bearer ${token}` }, data: { title, startsAt: `${day}T18:00`, endsAt: `${day}T19:00` } });
    expect(res.status()).toBe(201);
  }

  await signIn(page, "staff@koinonia.test");
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Events" }).click();
  const rows = page.getByTestId("admin-event");
  await expect(rows).toHaveCount(20);
  const more = page.getByRole("button", { name: "Load more" });
  await expect(more).toBeVisible();
  await more.scrollIntoViewIfNeeded();
  await shootLightDark(page, SHOTS, "admin-events");
  const last = rows.filter({ hasText: titles[titles.length - 1]! });
  // Each click waits for its page to arrive: clicked again while a page loads, the button could
  // be gone for good (the last page) before the click found it.
  while (!(await last.isVisible())) {
    const before = await rows.count();
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
  }
  await expect(more).toHaveCount(0);
  const shown = await rows.locator("h3").allTextContents();
  expect(new Set(shown).size).toBe(shown.length);
  expect(shown.filter((t) => t.startsWith(`Paging ${stamp}`))).toEqual(titles);
  await last.scrollIntoViewIfNeeded();
  await shootLightDark(page, SHOTS, "admin-events-end");
});
