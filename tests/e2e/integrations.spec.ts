import { test, expect, signIn, register } from "./fixtures";

// Live-event toasts from other tests would replace this page's toasts (one at a time): stay off the stream.
test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

const toast = (page: import("@playwright/test").Page, title: string) => page.getByRole("status").filter({ hasText: title });

// These change the server's one Go High Level / ElevenLabs connection: one after the other.
test.describe("connecting", () => {
  test.describe.configure({ mode: "serial" });

  test("a STAFF member connects Go High Level through the popup, tests it and disconnects it", async ({ page }) => {
    await signIn(page, "staff@koinonia.test");
    await page.goto("/admin");
    await page.getByRole("link", { name: "Integrations" }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();

    const card = page.getByTestId("integration-ghl");
    await expect(card).toContainText("Not Connected");
    for (const c of ["CRM sync", "Contact management", "Lead tracking", "Automated workflows"]) await expect(card).toContainText(c);
    await expect(page.getByTestId("integration-voice_ai")).toContainText("Text-to-speech");
    await expect(page.getByRole("heading", { name: "Need help?" })).toBeVisible();

    const popupOpened = page.waitForEvent("popup");
    await card.getByRole("button", { name: "Connect" }).click();
    const popup = await popupOpened;
    await expect(card.getByRole("button", { name: "Connecting..." })).toBeDisabled();
    // The stand-in signs in and sends the popup back to our callback, which closes it.
    await popup.waitForEvent("close");
    await expect(toast(page, "Integration Connected")).toContainText("Go High Level has been connected successfully!");
    await expect(card.getByText("Connected", { exact: true })).toBeVisible();
    await expect(card).toContainText("Connected on");
    await expect(card).toContainText("Koinonia Church Orlando");
    await expect(card).toContainText("Contact sync");

    await card.getByRole("button", { name: "Test Connection" }).click();
    await expect(toast(page, "Integration Test Successful")).toContainText("Connected to Koinonia Church Orlando");

    await card.getByRole("button", { name: "Disconnect" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Disconnect Go High Level?");
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await expect(toast(page, "Integration Removed")).toContainText("The integration has been disconnected successfully");
    await expect(card).toContainText("Not Connected");
    await expect(card.getByRole("button", { name: "Connect" })).toBeEnabled();
  });

  test("a failed connection shows 'Connection Failed' with the server's message", async ({ page, allowConsoleError }) => {
    allowConsoleError(/503/);
    await signIn(page, "pastor@koinonia.test");
    await page.route("**/api/integrations/ghl/authorize", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "Go High Level is not set up on this server yet.", code: "UNAVAILABLE" }) }),
    );
    await page.goto("/integrations");
    await page.getByTestId("integration-ghl").getByRole("button", { name: "Connect" }).click();
    await expect(toast(page, "Connection Failed")).toContainText("Go High Level is not set up on this server yet.");
    await expect(page.getByTestId("integration-ghl").getByRole("button", { name: "Connect" })).toBeEnabled();
  });

  test("a STAFF member connects ElevenLabs with an API key, tests it and disconnects it", async ({ page, allowConsoleError }) => {
    allowConsoleError(/400/);
    await signIn(page, "owner@koinonia.test");
    await page.goto("/integrations");
    const card = page.getByTestId("integration-voice_ai");
    await expect(card).toContainText("Not Connected");
    await card.getByRole("button", { name: "Connect" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("ElevenLabs API key").fill("xi-wrong-key");
    await dialog.getByRole("button", { name: "Connect" }).click();
    await expect(toast(page, "Connection Failed")).toContainText("ElevenLabs did not accept this API key");
    await expect(dialog.getByRole("alert")).toContainText("ElevenLabs did not accept this API key");
    await dialog.getByLabel("ElevenLabs API key").fill("xi-test-key");
    await dialog.getByRole("button", { name: "Connect" }).click();
    await expect(toast(page, "Integration Connected")).toContainText("ElevenLabs has been connected successfully!");
    await expect(dialog).toBeHidden();
    await expect(card.getByText("Connected", { exact: true })).toBeVisible();
    await expect(card).toContainText("Grace, creator plan");

    await card.getByRole("button", { name: "Test Connection" }).click();
    await expect(toast(page, "Integration Test Successful")).toContainText("Connected to ElevenLabs");

    await card.getByRole("button", { name: "Disconnect" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Disconnect" }).click();
    await expect(toast(page, "Integration Removed")).toContainText("The integration has been disconnected successfully");
    await expect(card).toContainText("Not Connected");
  });
});

test("a MEMBER sees 'Admin Access Required' and the list is never fetched", async ({ page }) => {
  let fetched = false;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/integrations") fetched = true;
  });
  await register(page);
  await page.goto("/integrations");
  await expect(page.getByRole("alert")).toContainText("Admin Access Required");
  await expect(page.getByRole("alert")).toContainText("Only church owners, pastors, and staff can manage integrations.");
  await expect(page.getByTestId("integration-ghl")).toHaveCount(0);
  expect(fetched).toBe(false);
});

test("the prayer form offers sharing with the pastoral care team, off by default and not for anonymous requests", async ({ page }) => {
  await register(page);
  await page.goto("/prayer");
  const share = page.getByLabel("Share with our pastoral care team");
  await expect(share).not.toBeChecked();
  await share.check();
  await page.getByLabel("Share anonymously").check();
  await expect(share).not.toBeChecked();
  await expect(share).toBeDisabled();
  await page.getByLabel("Share anonymously").uncheck();
  await share.check();
  const posted = page.waitForRequest((r) => r.url().endsWith("/api/prayer-requests") && r.method() === "POST");
  await page.getByLabel("Title").fill("Strength for the week");
  await page.getByLabel("Description").fill("Please pray for me.");
  await page.getByRole("button", { name: "Submit Prayer Request" }).click();
  expect((await posted).postDataJSON()).toMatchObject({ shareWithCareTeam: true, isAnonymous: false });
  await expect(toast(page, "Prayer request submitted")).toBeVisible();
  await expect(share).not.toBeChecked();
});
