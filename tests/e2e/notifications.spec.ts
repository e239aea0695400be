/**
 * Notifications in the browser: the inbox behind the header's bell (live, with the unread badge
 * and mark-as-read) and the Profile push card in each state, with Web Push delivered for real to
 * a local stand-in push service (see push-fakes.ts for why PushManager.subscribe is replaced).
 */
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { test, expect, register, DEMO_PASSWORD } from "./fixtures";
import { deliverToServiceWorker, denyNotifications, fakeSubscription, installFakePush, removePushSupport, shownNotifications } from "./push-fakes";
import { startPushServiceStandIn, type PushServiceStandIn } from "../../server/testing/push-service-stand-in";

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem("token") ?? "");

async function staffToken(request: APIRequestContext) {
  const res = await request.post("/api/auth/login", { data: { email: "staff@koinonia.test", password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** The member (signed in on `page`) shares a testimony and staff approve it. */
async function approveNewTestimony(page: Page) {
  const member = await tokenOf(page);
  const shared = await page.request.post("/api/testimonies", { headers: bearer(member), data: { text: `The Lord answered our prayer ${Date.now()}` } });
  expect(shared.status()).toBe(201);
  const { id } = (await shared.json()) as { id: string };
  const approved = await page.request.patch(`/api/testimonies/${id}`, { headers: bearer(await staffToken(page.request)), data: { isApproved: true } });
  expect(approved.ok()).toBe(true);
}

test("the inbox shows a notification when staff approve the member's testimony; mark-as-read clears the badge", async ({ page }) => {
  await register(page, "Lydia", "Thyatira");
  // Services other tests start meanwhile would each tell Lydia; she turns that kind off so her
  // inbox holds only what this test sends (off means not stored, see update-preferences.ts).
  const member = bearer(await tokenOf(page));
  const quiet = await page.request.put("/api/notifications/preferences", { headers: member, data: { kinds: { serviceStarted: false } } });
  expect(quiet.ok()).toBe(true);
  // A service another test started between her sign-up and that switch may still have reached
  // her: she reads those, and from now on nothing else arrives.
  const before = (await (await page.request.get("/api/notifications", { headers: member })).json()) as { items: { kind: string }[] };
  expect(before.items.every((n) => n.kind === "serviceStarted")).toBe(true);
  expect((await page.request.post("/api/notifications/read-all", { headers: member })).ok()).toBe(true);
  await page.reload();
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId("unread-badge")).toHaveCount(0);

  // A fresh member's inbox is empty (unless one of those services reached her first).
  await bell.click();
  const inbox = page.getByRole("dialog", { name: "Notifications" });
  if (before.items.length === 0) await expect(inbox.getByText("No notifications yet")).toBeVisible();
  else await expect(inbox.getByTestId("inbox-item")).toHaveCount(before.items.length);
  await page.keyboard.press("Escape");

  // Staff approve; the live event stream brings it in without a reload.
  await approveNewTestimony(page);
  await expect(page.getByTestId("unread-badge")).toBeVisible();
  await expect(bell).toHaveAccessibleName(/unread/);

  await bell.click();
  const item = inbox.getByTestId("inbox-item").filter({ hasText: "Testimony Approved" });
  await expect(item).toContainText("Your testimony is now shared with the church. Thank you!");
  await expect(item).toHaveAttribute("data-unread", "true");
  const unread = Number(await page.getByTestId("unread-badge").textContent());
  await item.getByRole("button", { name: "Mark as read: Testimony Approved" }).click();
  await expect(item).toHaveAttribute("data-unread", "false");
  if (unread === 1) await expect(page.getByTestId("unread-badge")).toHaveCount(0);
  else await expect(page.getByTestId("unread-badge")).toHaveText(unread - 1 > 9 ? "9+" : String(unread - 1));

  // Other members' services may have started meanwhile (every member is told): read them all.
  // A new one can arrive right after, so retry until the inbox is all read at once.
  await expect(async () => {
    const markAll = inbox.getByRole("button", { name: "Mark all as read" });
    if (await markAll.isVisible()) await markAll.click();
    await expect(page.getByTestId("unread-badge")).toHaveCount(0, { timeout: 2_000 });
    await expect(markAll).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // Tapping it opens its page; the state survives a reload (it is stored, not local).
  await item.getByRole("button", { name: /Testimony Approved/ }).first().click();
  await expect(page).toHaveURL(/\/connect$/);
  await expect(inbox).toBeHidden();
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  // Other tests may start services meanwhile (each tells every member), so the
  // badge itself can come back; what must hold is that this notification stays read.
  await bell.click();
  const after = inbox.getByTestId("inbox-item").filter({ hasText: "Testimony Approved" });
  await expect(after).toHaveCount(1);
  await expect(after).toHaveAttribute("data-unread", "false");
});

test.describe("the Profile push card", () => {
  let push: PushServiceStandIn;
  test.beforeAll(async () => {
    push = await startPushServiceStandIn();
  });
  test.afterAll(async () => {
    await push.close();
  });

  // Other tests' live events raise toasts, and only one shows at a time: keep this page off the
  // stream so it sees its own toasts (the card refreshes itself after each call).
  test.beforeEach(async ({ page }) => {
    await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  });

  const card = (page: Page) => page.getByTestId("push-card");
  const openProfile = async (page: Page) => {
    await page.goto("/profile");
    await expect(card(page).getByRole("heading", { name: "Push notifications" })).toBeVisible();
  };

  /** Simulates the member answering the browser's permission prompt with `answer`. */
  async function answerPrompt(context: BrowserContext, page: Page, answer: "granted" | "denied" | "error") {
    await page.exposeFunction("__answerPermission", async () => {
      if (answer === "granted") await context.grantPermissions(["notifications"]);
      return answer;
    });
    await page.addInitScript(() => {
      Notification.requestPermission = async () => {
        const a = await (window as unknown as { __answerPermission: () => Promise<string> }).__answerPermission();
        if (a === "error") throw new Error("prompt failed");
        return a as NotificationPermission;
      };
    });
  }

  test("unsupported: says so, with no switch, and the per-kind switches still work", async ({ page }) => {
    await removePushSupport(page);
    await register(page);
    await openProfile(page);
    await expect(card(page)).toContainText("Push notifications are not supported on this device or browser.");
    await expect(card(page).getByLabel("Notifications on this device")).toHaveCount(0);
    await expect(card(page).getByRole("button", { name: "Enable Push Notifications" })).toHaveCount(0);
    const kind = card(page).getByLabel("Service started");
    await expect(kind).toBeChecked();
    await kind.click();
    await expect(kind).not.toBeChecked();
    await page.reload();
    await expect(card(page).getByLabel("Service started")).not.toBeChecked();
    // Members see no moderation switches.
    await expect(card(page).getByLabel("Questions to moderate")).toHaveCount(0);
  });

  test("blocked: a warning, the switch cannot turn on, no Enable button", async ({ page, context, baseURL }) => {
    await register(page);
    await denyNotifications(context, page, new URL(baseURL!).origin);
    await openProfile(page);
    await expect(card(page).getByRole("alert")).toContainText("Notifications are blocked for this site.");
    await expect(card(page).getByLabel("Notifications on this device")).toBeDisabled();
    await expect(card(page).getByText("Active on 0 devices")).toBeVisible();
    await expect(card(page).getByRole("button", { name: "Enable Push Notifications" })).toHaveCount(0);
  });

  test("default: Enable asks for permission; a refusal shows 'Permission Denied'", async ({ page, context }) => {
    await answerPrompt(context, page, "denied");
    await register(page);
    await openProfile(page);
    await card(page).getByRole("button", { name: "Enable Push Notifications" }).click();
    await expect(toast(page, "Permission Denied")).toContainText("Notification permission was denied. You can enable it in your browser settings.");
  });

  test("default: a failing permission prompt shows 'Failed to request notification permission'", async ({ page, context }) => {
    await answerPrompt(context, page, "error");
    await register(page);
    await openProfile(page);
    await card(page).getByRole("button", { name: "Enable Push Notifications" }).click();
    await expect(toast(page, "Error")).toContainText("Failed to request notification permission");
  });

  test("enable, receive a real encrypted push at the stand-in, the service worker shows it, then disable", async ({ page, context, baseURL }) => {
    await installFakePush(page, push.url);
    await answerPrompt(context, page, "granted");
    await register(page, "Phoebe", "Cenchreae");
    const member = await tokenOf(page);
    const { publicKey } = (await (await page.request.get("/api/notifications/vapid-public-key", { headers: bearer(member) })).json()) as { publicKey: string };
    push.expectVapidKey(publicKey);

    await openProfile(page);
    await expect(card(page).getByText("Active on 0 devices")).toBeVisible();
    await card(page).getByRole("button", { name: "Enable Push Notifications" }).click();
    await expect(toast(page, "Notifications Enabled")).toBeVisible();
    await expect(card(page).getByLabel("Notifications on this device")).toBeChecked();
    await expect(card(page).getByText("Active on 1 device", { exact: true })).toBeVisible();
    await expect(card(page).getByTestId("push-active")).toContainText(/Push notifications are active\. Last updated [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
    await expect(card(page).getByRole("button", { name: "Enable Push Notifications" })).toHaveCount(0);

    // The browser's keys stay with the browser; the stand-in gets them to decrypt as it would.
    const sub = (await fakeSubscription(page))!;
    push.addBrowserKeys(sub.id, sub.privateJwk, sub.auth);
    // The real service worker is active and shows a push it receives.
    await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration("/"))?.active)).toBe(true);

    await approveNewTestimony(page);
    await push.waitFor(() => push.pushesTo(sub.id).length > 0, 15_000);
    const [received] = push.pushesTo(sub.id);
    expect(received.error).toBeUndefined();
    expect(received.status).toBe(201);
    expect(received.vapid?.k).toBe(publicKey);
    expect(received.payload).toMatchObject({ kind: "testimonyApproved", title: "Testimony Approved", url: "/connect" });

    // What the push service would hand the browser: the service worker shows it as a notification.
    const payload = received.payload as { id: string };
    // The DevTools delivery is fire-and-forget: once, on a loaded machine (CI, 27 November), the
    // worker never got it. The same push again only replaces its notification (the same tag), so
    // it is delivered again while none shows.
    const deliver = () => deliverToServiceWorker(context, page, new URL(baseURL!).origin, JSON.stringify(payload));
    await deliver();
    await expect
      .poll(
        async () => {
          const shown = await shownNotifications(page);
          if (!shown.length) await deliver();
          return shown;
        },
        { intervals: [500, 1_000, 2_000, 3_000], timeout: 20_000 },
      )
      .toEqual([{ title: "Testimony Approved", body: "Your testimony is now shared with the church. Thank you!", tag: payload.id, data: { id: payload.id, url: "/connect" } }]);

    // A tap on it (the worker focuses this window and posts the notification to it): the app
    // marks it read and opens its page.
    await page.evaluate((data) => navigator.serviceWorker.dispatchEvent(new MessageEvent("message", { data })), { type: "notification-click", id: payload.id, url: "/connect" });
    await expect(page).toHaveURL(/\/connect$/);
    await expect
      .poll(async () => ((await (await page.request.get("/api/notifications", { headers: bearer(member) })).json()) as { items: { id: string; readAt: string | null }[] }).items.find((n) => n.id === payload.id)?.readAt)
      .not.toBeNull();
    await openProfile(page);

    // Still on after a reload (this device is registered for this member).
    await page.reload();
    await expect(card(page).getByLabel("Notifications on this device")).toBeChecked();

    await card(page).getByLabel("Notifications on this device").click();
    await expect(toast(page, "Notifications Disabled")).toBeVisible();
    await expect(card(page).getByLabel("Notifications on this device")).not.toBeChecked();
    await expect(card(page).getByText("Active on 0 devices")).toBeVisible();
    await expect(card(page).getByTestId("push-active")).toHaveCount(0);
    expect(await fakeSubscription(page)).toBeNull();
    const prefs = await (await page.request.get("/api/notifications/preferences", { headers: bearer(member) })).json();
    expect(prefs).toMatchObject({ deviceCount: 0, lastUpdated: null });
  });

  test("a failed registration shows 'Registration Failed'; a failed removal 'Failed to disable notifications'", async ({ page, context, allowConsoleError }) => {
    allowConsoleError(/status of 503/);
    await installFakePush(page, push.url);
    await context.grantPermissions(["notifications"]);
    await register(page);
    await openProfile(page);
    await page.route("**/api/notifications/register-token", (route) => route.fulfill({ status: 503, body: "down" }));
    await card(page).getByLabel("Notifications on this device").click();
    await expect(toast(page, "Registration Failed")).toContainText("Failed to register for push notifications");
    await expect(card(page).getByLabel("Notifications on this device")).not.toBeChecked();

    await page.unroute("**/api/notifications/register-token");
    await card(page).getByLabel("Notifications on this device").click();
    await expect(toast(page, "Notifications Enabled")).toBeVisible();
    await page.route("**/api/notifications/token/**", (route) => route.fulfill({ status: 503, body: "down" }));
    await card(page).getByLabel("Notifications on this device").click();
    await expect(toast(page, "Error")).toContainText("Failed to disable notifications");
    await expect(card(page).getByLabel("Notifications on this device")).toBeChecked();
  });
});
