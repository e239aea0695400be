/**
 * Profile → Edit (issue 20): a member changes their first name and uploads a photo, and the
 * header's avatar shows the new photo in place of the initials. (The rules themselves are
 * proven by server/features/profile/profile.test.ts.)
 */
import fs from "node:fs";
import sharp from "sharp";
import { test, expect, register, recordToasts, expectToastSeen } from "./fixtures";

test("edit the name and upload a photo: the header avatar shows it", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await recordToasts(page);
  await register(page, "Ruth", "Moabite");
  const header = page.getByRole("banner");
  await expect(header.getByTestId("avatar")).toHaveText("RM");

  await page.goto("/profile");
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile" });
  await dialog.getByLabel("First name").fill("Naomi");
  await dialog.getByLabel("Phone").fill("407 555 0123");
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2f6fb5" } }).jpeg().toBuffer();
  await dialog.getByLabel("Photo", { exact: true }).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
  await expectToastSeen(page, "Photo updated");
  await expect(dialog.getByTestId("avatar-photo")).toBeVisible();
  const shots = process.env.PROFILE_SHOTS;
  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/profile-edit-light.png` });
  }
  await dialog.getByRole("button", { name: "Save" }).click();
  await expectToastSeen(page, "Profile updated");
  await expect(dialog).toBeHidden();

  await expect(page.getByRole("heading", { name: "Naomi Moabite" })).toBeVisible();
  await expect(page.getByText("+14075550123")).toBeVisible();
  // The header's avatar is the photo now, decoded from the server's WebP.
  const img = header.getByTestId("avatar-photo");
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(512);

  if (shots) {
    await page.getByLabel("Dark mode").click();
    await page.getByRole("button", { name: "Edit profile" }).click();
    await expect(page.getByRole("dialog", { name: "Edit profile" }).getByTestId("avatar-photo")).toBeVisible();
    await page.screenshot({ path: `${shots}/profile-edit-dark.png` });
    await page.keyboard.press("Escape");
    await page.screenshot({ path: `${shots}/profile-dark.png`, fullPage: false });
  }
});
