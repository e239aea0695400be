/**
 * Announcements (decision 0110): staff compose one in Admin → Announcements for a group, with a
 * preview; the background sender delivers it; a member of the group finds it in the inbox behind
 * the bell, and staff see it under "Already sent" with how many each channel reached. A group,
 * not everyone, so the other browser tests' inboxes stay as they expect.
 */
import { test, expect, register, signIn } from "./fixtures";

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
