/**
 * Announcements (decision 0110): staff compose one in Admin → Announcements for a group, with a
 * preview; the background sender delivers it; a member of the group finds it in the inbox behind
 * the bell, and staff see it under "Already sent" with how many each channel reached. A group,
 * not everyone, so the other browser tests' inboxes stay as they expect.
 */
import { test, expect, register, shootLightDark, signIn } from "./fixtures";

/** With ANNOUNCEMENTS_SHOTS=<dir>, the paging test saves Admin → Announcements in the light and the dark theme. */
const SHOTS = process.env.ANNOUNCEMENTS_SHOTS;

test("staff send an announcement to a group and its member sees it in the inbox", async ({ page, browser }) => {
  // The member joins Men's Fellowship.
  await register(page, "Boaz", "Bethlehem");
  await page.goto("/connect");
  const group = page.getByRole("group", { name: "Men's Fellowship" });
  await group.getByRole("button", { name: "Join" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Joined group!" })).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, "pastor@koinonia.test");
  await staff.goto("/admin");
  await staff.getByRole("tab", { name: "Announcements" }).click();
  const title = `Men's breakfast ${Date.now()}`;
  // The server's validation shows at the field; nothing is sent.
  await staff.getByRole("button", { name: "Send announcement" }).click();
  await expect(staff.getByRole("tabpanel").getByRole("alert").filter({ hasText: "Enter a title" })).toBeVisible();
  await staff.getByLabel("Title", { exact: true }).fill(title);
  await staff.getByLabel("Message", { exact: true }).fill("Saturday 8 am in the Café Room.\nBring a friend.");
  await expect(staff.getByTestId("announcement-preview")).toContainText(title);
  await expect(staff.getByTestId("announcement-preview")).toContainText("Bring a friend.");
  await staff.getByLabel("Who receives it").selectOption("group");
  const picker = staff.getByLabel("Choose a group");
  const option = picker.locator("option", { hasText: "Men's Fellowship" });
  await picker.selectOption((await option.getAttribute("value"))!);
  await staff.getByRole("button", { name: "Send announcement" }).click();
  // Sent: the form is ready for the next one.
  await expect(staff.getByLabel("Title", { exact: true })).toHaveValue("");
  const sent = staff.getByTestId("announcements-sent").getByTestId("announcement-row").filter({ hasText: title });
  await expect(sent).toContainText("Group: Men's Fellowship", { timeout: 20_000 });
  await expect(sent).toContainText(/Inbox: \d+ of \d+/, { timeout: 20_000 });
  await staffContext.close();

  // The member's bell: the announcement, whole.
  await page.goto("/sunday");
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/unread/, { timeout: 20_000 });
  await bell.click();
  const item = page.getByRole("dialog", { name: "Notifications" }).getByTestId("inbox-item").filter({ hasText: title });
  await expect(item).toContainText("Saturday 8 am in the Café Room.");
  await expect(item).toContainText("Bring a friend.");
});

/** What was sent comes a page at a time (issue 23): Load more brings the older ones, each once, then goes away. */
test("Already sent loads 20 at a time", async ({ page }) => {
  const stamp = Date.now();
  const login = await page.request.post("/api/auth/login", { data: { email: "pastor@koinonia.test", password: "koinonia-demo" } });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  // A group of nobody, so no member's inbox changes.
  const group = await page.request.post("/api/groups", { headers, data: { name: `Paging ${stamp}`, description: "Nobody here yet." } });
  expect(group.status()).toBe(201);
  const { id } = (await group.json()) as { id: string };
  const titles = Array.from({ length: 22 }, (_, i) => `Paging ${stamp} ${String(i + 1).padStart(2, "0")}`);
  for (const title of titles) {
    const res = await page.request.post("/api/announcements", { headers, data: { title, body: "Nothing to see.", audience: { group: id }, channels: ["inbox"] } });
    expect(res.status()).toBe(201);
  }

  await signIn(page, "pastor@koinonia.test");
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Announcements" }).click();
  const sent = page.getByTestId("announcements-sent");
  const mine = sent.getByTestId("announcement-row").filter({ hasText: `Paging ${stamp}` });
  // Sent by the background sender: the newest of them heads the first page of 20, and the oldest
  // is not on it. Not "20 of them": a test running beside this one may send one meanwhile, and
  // the newest come first.
  await expect(mine.first()).toContainText(titles[21]!, { timeout: 20_000 });
  await expect(sent.getByTestId("announcement-row")).toHaveCount(20);
  await expect(mine.filter({ hasText: titles[0]! })).toHaveCount(0);
  const more = sent.getByRole("button", { name: "Load more" });
  await more.scrollIntoViewIfNeeded();
  await shootLightDark(page, SHOTS, "admin-announcements-load-more");
  while (!(await mine.filter({ hasText: titles[0]! }).isVisible())) {
    const before = await sent.getByTestId("announcement-row").count();
    await more.click();
    await expect.poll(() => sent.getByTestId("announcement-row").count()).toBeGreaterThan(before);
  }
  await expect(mine).toHaveCount(22);
  const shown = await mine.evaluateAll((els) => els.map((e) => e.querySelector("p")?.textContent));
  expect(shown).toEqual([...titles].reverse());
  await shootLightDark(page, SHOTS, "admin-announcements-end");
});
