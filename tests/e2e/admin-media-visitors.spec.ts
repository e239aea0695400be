/** Admin's Media and Visitors tabs (staff): add and remove a media item, and follow up a visitor card. */
import { test, expect, signIn } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

test("staff add a media item that members find in the video library, then remove it", async ({ page }) => {
  await signIn(page, "staff@koinonia.test");
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Media" }).click();
  await expect(page.getByText("No channel is set, so members see the videos added here (and the demo library on a demo).")).toBeVisible();

  const title = `Guest Night ${Date.now()}`;
  await page.getByRole("button", { name: "Add Media Item" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("Enter the full https:// link to the video")).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description (optional)").fill("Pastor Ama on hope.");
  await page.getByLabel("Video link").fill("https://vimeo.com/123456");
  await page.getByLabel("Duration (optional)").fill("an hour");
  await page.getByRole("button", { name: "Add Media Item" }).click();
  await expect(page.getByText("Enter the length as m:ss or h:mm:ss, or leave it empty")).toBeVisible();
  await page.getByLabel("Duration (optional)").fill("45:30");
  // Dated in the past, so it does not push this week's sermons out of other tests' Recent sermons.
  await page.getByLabel("Date (optional)").fill("2024-12-25");
  await page.getByRole("button", { name: "Add Media Item" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Media item added" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("");
  const row = page.getByTestId("media-item").filter({ hasText: title });
  await expect(row).toContainText("45:30");
  await expect(row.getByRole("link", { name: title })).toHaveAttribute("href", "https://vimeo.com/123456");

  await page.goto("/media?tab=videos");
  const card = page.getByTestId("video-card").filter({ hasText: title });
  await expect(card).toHaveAttribute("href", "https://vimeo.com/123456");
  await expect(card).toContainText("45:30");
  await expect(card).toContainText("Dec 25, 2024");
  await expect(card).not.toContainText("views");

  await page.goto("/admin");
  await page.getByRole("tab", { name: "Media" }).click();
  await page.getByRole("button", { name: `Remove ${title}` }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Remove this item from Recent sermons and the video library?");
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Media item removed" })).toBeVisible();
  await expect(page.getByTestId("media-item").filter({ hasText: title })).toHaveCount(0);
});

test("staff see first-time visitor cards newest first and mark one followed up", async ({ page }) => {
  const name = `Lydia Visitor ${Date.now()}`;
  const sent = await page.request.post("/api/visitors", {
    data: { name, email: "lydia.visitor@example.org", phone: "(407) 555-0199", heardFrom: "Drove by", prayerRequest: "A new start in Orlando" },
  });
  expect(sent.status()).toBe(201);
  await signIn(page, "pastor@koinonia.test");
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Visitors" }).click();
  const card = page.getByTestId("visitor-card").filter({ hasText: name });
  await expect(card).toContainText("Today · Drove by");
  await expect(card.getByRole("link", { name: "lydia.visitor@example.org" })).toHaveAttribute("href", "mailto:lydia.visitor@example.org");
  await expect(card.getByRole("link", { name: "(407) 555-0199" })).toHaveAttribute("href", "tel:4075550199");
  await expect(card).toContainText("A new start in Orlando");
  await expect(card).toContainText("New");
  await card.getByRole("button", { name: "Mark followed up" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked as followed up" })).toBeVisible();
  await expect(card).toContainText("Followed up by");
  await expect(card).toContainText("today");
  await card.getByRole("button", { name: "Not yet followed up" }).click();
  await expect(card.getByRole("button", { name: "Mark followed up" })).toBeVisible();
});

test("members see Access Denied instead of the Media and Visitors tabs", async ({ page }) => {
  await signIn(page, "member@koinonia.test");
  await page.goto("/admin");
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Visitors" })).toHaveCount(0);
});
