/**
 * Passkeys and two-step sign-in in Chromium (docs/decisions/0102): a member adds a passkey on
 * Profile with Chromium's virtual authenticator (a platform authenticator with Face ID-like user
 * verification), signs out and signs in with it; a staff member sets up the authenticator app
 * and completes a password sign-in with a code computed here (RFC 6238, otpauth).
 *
 * The app is opened on localhost: passkeys belong to a host name, and browsers refuse an IP
 * address (serve.ts sets PASSKEY_ORIGIN to match). The owner's church-wide rule is not turned
 * on here: the browser tests run in parallel and the demo staff accounts would be caught by it.
 * The server tests cover it (server/features/auth/two-step.test.ts); here the switch is tried
 * by a new owner, whom it refuses until they have a second step of their own.
 */
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { test, expect, register, DEMO_PASSWORD, uniqueEmail } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 5055);
test.use({ baseURL: `http://localhost:${PORT}` });

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
}

async function signOut(page: Page) {
  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
}

/** A new account given `role` by the demo owner, through the API. */
async function accountWithRole(page: Page, role: "STAFF" | "OWNER") {
  const email = uniqueEmail(role.toLowerCase());
  const password = "faithful-123";
  const reg = await page.request.post("/api/auth/register", { data: { email, password, firstName: "Tabitha", lastName: "Joppa" } });
  expect(reg.status()).toBe(201);
  const { user } = (await reg.json()) as { user: { id: string } };
  const owner = await page.request.post("/api/auth/login", { data: { email: "owner@koinonia.test", password: DEMO_PASSWORD } });
  const { token } = (await owner.json()) as { token: string };
  const promote = await page.request.patch(`/api/admin/users/${user.id}`, { data: { role }, headers: { authorization: `Bearer ${token}` } });
  expect(promote.status()).toBe(200);
  return { email, password };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("a member adds a passkey on Profile, signs out, and signs in with it", async ({ page, allowConsoleError }) => {
  // Signing out revokes the session while Profile's own reads may still be on their way (the
  // client sends none after it starts, lib/auth.tsx); the server answers those 401 and the
  // browser logs it. Seen once in CI, 27 November.
  allowConsoleError(/status of 401/);
  await addVirtualAuthenticator(page);
  await register(page);
  await page.goto("/profile");
  const card = page.getByTestId("passkeys-card");
  await expect(card.getByText("No passkeys yet.")).toBeVisible();
  await card.getByRole("button", { name: "Add a passkey" }).click();
  await expect(card.getByTestId("passkey-row")).toHaveCount(1);
  await expect(card.getByTestId("passkey-row")).toContainText("Not used yet");

  // Renamed where it stands.
  await card.getByRole("button", { name: "Rename: Passkey" }).click();
  await card.getByLabel("Passkey name").fill("My phone");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByTestId("passkey-row")).toContainText("My phone");

  await signOut(page);
  await page.getByRole("button", { name: "Continue with a passkey" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByTestId("passkey-row")).toContainText("Last used");
});

test("a staff member turns on the authenticator app and signs in with a code from it", async ({ page }) => {
  const { email, password } = await accountWithRole(page, "STAFF");
  await signInWithPassword(page, email, password);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  await page.goto("/profile");
  const card = page.getByTestId("passkeys-card");
  await card.getByRole("button", { name: "Set up the authenticator app" }).click();
  await expect(card.getByRole("link", { name: "Open in authenticator app" })).toHaveAttribute("href", /^otpauth:\/\/totp\//);
  // The QR code beside them is drawn: an SVG data: image the CSP lets through (a refused image has no width).
  const qr = card.getByRole("img", { name: "QR code to add your account to an authenticator app" });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const secret = Secret.fromBase32((await card.getByTestId("totp-secret").textContent())!.trim());
  await card.getByLabel("Enter the code the app shows to finish").fill(TOTP.generate({ secret }));
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(card.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await card.getByRole("button", { name: "I have saved them" }).click();
  await expect(card.getByText("10 recovery code(s) left")).toBeVisible();

  await signOut(page);
  await signInWithPassword(page, email, password);
  // No session yet: the second step.
  await expect(page.getByTestId("two-step")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  // The code of this step was used to turn the app on; the next step's is within the window.
  await page.getByLabel("Code", { exact: true }).fill(TOTP.generate({ secret, timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

test("the owner's switch refuses to require two-step for staff until the owner has a second step", async ({ page, allowConsoleError }) => {
  allowConsoleError(/status of 409/); // the refusal, shown as a failed request
  const { email, password } = await accountWithRole(page, "OWNER");
  await signInWithPassword(page, email, password);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.goto("/admin");
  await page.getByRole("tab", { name: "People" }).click();
  const toggle = page.getByRole("switch", { name: "Require two-step sign-in for staff" });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByRole("status").filter({ hasText: "First add a passkey or set up an authenticator app" })).toBeVisible();
  await expect(toggle).not.toBeChecked();
});
