import fs from "node:fs";
import sharp from "sharp";
import { test, expect, register, recordToasts, expectToastSeen } from "./fixtures";

/**
 * The church directory (issue 20, decision 0118): one member adds a photo, opts in on Profile and
 * shares their photo and email; another finds them on Connect → Directory and sees the photo
 * (fetched with the viewer's token, as every member photo is: decision 0115).
 */
test("a member opts into the directory and shares their photo and email; a second member finds them by name", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const last = `Dorcas${Date.now()}`;
  await recordToasts(page);
  const email = await register(page, "Tabitha", last);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile" });
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#7a3fb0" } }).jpeg().toBuffer();
  await dialog.getByLabel("Photo", { exact: true }).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
  await expectToastSeen(page, "Photo updated");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  const listed = page.getByRole("switch", { name: "Show me in the directory" });
  await expect(listed).not.toBeChecked();
  await listed.click();
  await expect(listed).toBeChecked();
  for (const name of ["Show my photo", "Show my email"]) {
    const share = page.getByRole("switch", { name });
    await share.click();
    await expect(share).toBeChecked();
  }

  const other = await browser.newPage();
  await register(other, "Lydia", "Purple");
  await other.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Connect" }).click();
  await other.getByTestId("directory-card").click();
  await other.getByRole("searchbox", { name: "Search by name" }).fill(last);
  const entry = other.getByTestId("directory-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Tabitha ${last}`);
  await expect(entry.getByRole("link", { name: email })).toBeVisible();
  // The photo shows, decoded from the server's WebP (not a broken image: its URL needs the viewer's token).
  const img = entry.getByTestId("avatar-photo");
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // No phone was shared, and a member never sees a role.
  await expect(entry.getByRole("link", { name: /^\+/ })).toHaveCount(0);
  const shots = process.env.DIRECTORY_SHOTS;
  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    await other.screenshot({ path: `${shots}/directory-light.png` });
    await other.goto("/profile");
    await other.getByLabel("Dark mode").click();
    await other.goBack();
    await other.getByRole("searchbox", { name: "Search by name" }).fill(last);
    await expect(other.getByTestId("directory-entry").getByTestId("avatar-photo")).toBeVisible();
    await other.screenshot({ path: `${shots}/directory-dark.png` });
  }
  await other.close();
});
