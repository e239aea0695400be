import type { Page } from "@playwright/test";
import { test, expect, register, DEMO_PASSWORD } from "./fixtures";

async function openConnect(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Connect" }).click();
  await expect(page).toHaveURL(/\/connect$/);
  await expect(page.getByRole("heading", { level: 1, name: "Connect" })).toBeVisible();
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("enrol in a daily journey and see day 1 of 14", async ({ page }) => {
  await register(page);
  await openConnect(page);
  const focus = page.getByTestId("daily-focus");
  await expect(focus.getByRole("button", { name: "Enroll in 14 Days of Affirmations" })).toBeVisible();
  await focus.getByRole("button", { name: "Enroll in 14 Days of Scripture" }).click();
  await expect(toast(page, "Enrolled successfully")).toContainText("You will receive daily content via email!");
  await expect(focus.getByText("Day 1 of 14")).toBeVisible();
  await expect(focus.getByRole("progressbar")).toBeVisible();
  await expect(focus.getByRole("heading", { name: "The Lord Is My Shepherd" })).toBeVisible();
  await expect(focus.getByRole("button", { name: /Enroll in/ })).toHaveCount(0);
});

test("the page shows sermons, then the church's pages, in the spec's order", async ({ page }) => {
  await register(page);
  await openConnect(page);
  const sermons = page.getByRole("link", { name: "Rooted in Love" });
  await expect(sermons).toBeVisible();
  await expect(page.getByRole("link", { name: "Hope for the Weary" })).toHaveCount(0); // only 3 items
  await expect(page.getByText("47m")).toBeVisible();
  // No external visitors form configured: the card opens the app's own (issue 18).
  await expect(page.getByRole("link", { name: "Visitors" })).toHaveAttribute("href", "/visitors");
  // The app's own calendar (decision 0109), not the church's web page.
  await expect(page.getByRole("link", { name: "Calendar of Events" })).toHaveAttribute("href", "/calendar");
  const order = await page.evaluate(() =>
    ["Daily focus", "Recent sermons", "Challenges", "Small groups", "Testimonies", "Get connected"].map((t) =>
      [...document.querySelectorAll("h2")].findIndex((h) => h.textContent?.trim() === t),
    ),
  );
  expect(order.every((i) => i >= 0)).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  await page.getByRole("link", { name: "Browse All" }).click();
  await expect(page).toHaveURL(/\/media$/);
});

test("join a challenge, complete today and see Completed", async ({ page }) => {
  await register(page);
  await openConnect(page);
  const card = page.getByRole("group", { name: "Gratitude Week" });
  await card.getByRole("button", { name: "Join" }).click();
  await expect(toast(page, "Challenge joined!")).toBeVisible();
  await expect(card.getByText("0 of 7 days")).toBeVisible();
  await card.getByRole("button", { name: "Complete Today" }).click();
  await expect(toast(page, "Progress updated!")).toBeVisible();
  await expect(card.getByText("Completed")).toBeVisible();
  await expect(card.getByText("1 of 7 days")).toBeVisible();
  await expect(card.getByText("1 day streak")).toBeVisible();
  await expect(card.getByRole("button", { name: "Complete Today" })).toHaveCount(0);
});

test("join a group and see Member", async ({ page }) => {
  await register(page);
  await openConnect(page);
  const card = page.getByRole("group", { name: "Women of Grace" });
  const before = Number((await card.getByText(/\d+ members?$/).textContent())?.match(/\d+/)?.[0]);
  await card.getByRole("button", { name: "Join" }).click();
  await expect(toast(page, "Joined group!")).toBeVisible();
  await expect(card.getByText("Member", { exact: true })).toBeVisible();
  await expect(card.getByText(new RegExp(`(^|\\s)${before + 1} members?$`))).toBeVisible();
});

test("share a testimony, staff approves it, it shows, and a member's amen counts", async ({ page, browser }) => {
  await register(page, "Naomi", "Bethlehem");
  await openConnect(page);
  const text = `The Lord restored my health this spring. ${Date.now()}`;
  await page.getByRole("button", { name: "Share Testimony" }).click();
  await expect(page.getByText("Testimony must be at least 10 characters")).toBeVisible();
  await page.getByLabel("Share your testimony").fill(text);
  await page.getByRole("button", { name: "Share Testimony" }).click();
  await expect(toast(page, "Testimony shared!")).toContainText("submitted for review");
  await expect(page.getByLabel("Share your testimony")).toHaveValue("");
  await expect(page.getByText(text)).toHaveCount(0); // pending

  // A pastor approves it through the moderation API.
  const login = await page.request.post("/api/auth/login", { data: { email: "pastor@koinonia.test", password: DEMO_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const all = (await (await page.request.get("/api/testimonies", { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string; text: string }[];
  const mine = all.find((t) => t.text === text)!;
  const approved = await page.request.patch(`/api/testimonies/${mine.id}`, { headers: { authorization: `Bearer ${token}` }, data: { isApproved: true } });
  expect(approved.status()).toBe(200);

  // Another member sees it (the live event refreshes the list) and says amen.
  const other = await browser.newPage();
  await register(other, "Boaz", "Ephrathah");
  await openConnect(other);
  const item = other.getByTestId("testimony").filter({ hasText: text });
  await expect(item).toContainText("Naomi B.");
  await expect(item.getByTestId("amen-count")).toHaveText("0");
  await item.getByRole("button", { name: /Amen/ }).click();
  await expect(toast(other, "Amen!")).toBeVisible();
  await expect(item.getByTestId("amen-count")).toHaveText("1");
  await expect(item.getByRole("button", { name: /Amen/ })).toHaveAttribute("aria-pressed", "true");

  // The author sees it approved, with the amen.
  const own = page.getByTestId("testimony").filter({ hasText: text });
  await expect(own.getByTestId("amen-count")).toHaveText("1");
  await other.close();
});
