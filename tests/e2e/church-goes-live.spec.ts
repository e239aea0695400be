/**
 * Issue 18's story, end to end: a church goes live without demo data. A server of its own
 * (SEED_DEMO=false) whose only account is a pastor. Through the screens only, the pastor names
 * the church and sets its service times (Admin → Church), creates a group (Admin → Groups), a
 * challenge (Admin → Challenges), a 3-day journey in English and Spanish (Admin → Journeys) and
 * an event members register for (Admin → Events). A member who signs up afterwards joins the
 * group, registers for the event and enrols in the journey, and sees the church's new name and
 * service times on Home, in English and in Spanish.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { test, expect, uniqueEmail, recordToasts, expectToastSeen } from "./fixtures";

// church-profile.spec.ts's fresh server is on +50; this one has its own database on +51.
const PORT = Number(process.env.E2E_PORT ?? 5055) + 51;
const BASE = `http://127.0.0.1:${PORT}`;
const PASTOR = { email: "grace.pastor@example.org", password: "shepherd-5678" };
let server: ChildProcess;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const log = fs.openSync(path.join(process.env.KOINONIA_TEST_LOG_DIR ?? "/tmp", "e2e-church-goes-live-server.log"), "a");
  server = spawn("npx", ["tsx", "tests/e2e/serve.ts"], {
    env: { ...process.env, E2E_PORT: String(PORT), E2E_SEED_DEMO: "false", E2E_PASTOR: `${PASTOR.email}:${PASTOR.password}` },
    stdio: ["ignore", log, log],
    detached: true,
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 170) throw new Error("the fresh server did not start");
    await new Promise((r) => setTimeout(r, 1000));
  }
});
test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

async function adminTab(page: Page, tab: string) {
  await page.goto(`${BASE}/admin`);
  await page.getByRole("tab", { name: tab }).click();
}

/** A church-calendar date `days` from now, as the event form's datetime-local wants it. */
function dateIn(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

test("a pastor sets up a new church through the screens; a member joins the group, registers, enrols and sees the church on Home in English and Spanish", async ({
  page: pastor,
  browser,
}) => {
  test.setTimeout(150_000);
  await pastor.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  await recordToasts(pastor);
  await pastor.goto(`${BASE}/auth/login`);
  await pastor.getByLabel("Email").fill(PASTOR.email);
  await pastor.getByLabel("Password").fill(PASTOR.password);
  await pastor.getByRole("button", { name: "Sign In" }).click();
  await expect(pastor.getByRole("navigation", { name: "Main" })).toBeVisible();

  // Home before any event: staff are told where to add one.
  await pastor.goto(`${BASE}/`);
  const pastorEvents = pastor.getByTestId("home-events");
  await expect(pastorEvents).toContainText("No upcoming events. Add one in Admin → Events and members see it here.");
  await expect(pastorEvents.getByRole("link", { name: "Add an event" })).toHaveAttribute("href", "/admin?tab=events");

  // Admin → Church: the name, and two service times in place of the config file's five.
  await adminTab(pastor, "Church");
  await pastor.getByLabel("Church name").fill("Grace Harbor Church");
  for (let n = 5; n >= 1; n--) await pastor.getByRole("button", { name: `Remove service time ${n}` }).click();
  for (const [i, day, time, en, es] of [
    [1, "Sundays", "10:30", "Family Worship", "Culto familiar"],
    [2, "Wednesdays", "19:00", "Midweek Prayer", "Oración de mitad de semana"],
  ] as const) {
    await pastor.getByRole("button", { name: "Add a service time" }).click();
    const row = pastor.getByRole("listitem", { name: `Service times ${i}` });
    await row.getByLabel("Day", { exact: true }).selectOption(day);
    await row.getByLabel("Time", { exact: true }).fill(time);
    await row.getByLabel("Name in English (optional)").fill(en);
    await row.getByLabel("Name in Spanish (optional)").fill(es);
  }
  await pastor.getByRole("button", { name: "Save changes" }).click();
  await expectToastSeen(pastor, "Church profile saved");
  await expect(pastor.getByRole("banner")).toContainText("Grace Harbor Church");

  // Admin → Groups: an open group.
  await adminTab(pastor, "Groups");
  await pastor.getByRole("button", { name: "New group" }).click();
  const groupForm = pastor.getByRole("dialog", { name: "New group" });
  await groupForm.getByLabel("Name").fill("Harbor Young Adults");
  await groupForm.getByLabel("Description").fill("Food, friends and the Gospel of John.");
  await groupForm.getByLabel("Meeting day").selectOption({ label: "Friday" });
  await groupForm.getByLabel("Time").fill("19:30");
  await groupForm.getByLabel("Place").fill("The Loft");
  await groupForm.getByRole("button", { name: "Create group" }).click();
  await expect(groupForm).toHaveCount(0);
  await expect(pastor.getByRole("listitem", { name: "Harbor Young Adults" })).toContainText("0 members");

  // Admin → Challenges.
  await adminTab(pastor, "Challenges");
  await pastor.getByRole("button", { name: "New challenge" }).click();
  await pastor.getByLabel("Title (English)").fill("Seven Days of Thanks");
  await pastor.getByLabel("Description (English)").fill("Write down one thing you are thankful for each day.");
  await pastor.getByLabel("Title (Spanish)").fill("Siete días de gratitud");
  await pastor.getByLabel("Description (Spanish)").fill("Escriba cada día algo por lo que está agradecido.");
  await pastor.getByLabel("Number of days").fill("7");
  await pastor.getByLabel("Type").selectOption("GRATITUDE");
  await pastor.getByRole("button", { name: "Save" }).click();
  await expectToastSeen(pastor, "Challenge created");

  // Admin → Journeys: three days in both languages, then published.
  await adminTab(pastor, "Journeys");
  await pastor.getByRole("button", { name: "New journey" }).click();
  await pastor.getByLabel("Title (English)").fill("Harbor of Hope");
  await pastor.getByLabel("Title (Spanish)").fill("Puerto de esperanza");
  await pastor.getByLabel("Description (English)").fill("Three mornings of hope");
  await pastor.getByRole("button", { name: "Add a day" }).click();
  await pastor.getByRole("button", { name: "Add a day" }).click();
  const days = pastor.getByTestId("journey-day");
  await expect(days).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    const en = days.nth(i).getByRole("group", { name: "English" });
    const es = days.nth(i).getByRole("group", { name: "Spanish" });
    await en.getByLabel("Title").fill(`Anchored day ${i + 1}`);
    await en.getByLabel("Verse reference").fill(`Hebrews 6:${19 + i}`);
    await en.getByLabel("Verse text").fill("We have this hope as an anchor for the soul, firm and secure.");
    await en.getByLabel("Reading").fill(`Reading ${i + 1}: hope holds when the tide turns.`);
    await es.getByLabel("Title").fill(`Anclados día ${i + 1}`);
    await es.getByLabel("Reading").fill(`Lectura ${i + 1}: la esperanza sostiene cuando cambia la marea.`);
  }
  await pastor.getByRole("button", { name: "New journey" }).click();
  await expectToastSeen(pastor, "Journey created");
  await pastor.getByRole("button", { name: "Publish" }).click();
  await expectToastSeen(pastor, "Journey published");

  // Admin → Events: an evening ten days from now, with registration.
  await adminTab(pastor, "Events");
  await pastor.getByRole("button", { name: "New event" }).click();
  const eventForm = pastor.getByRole("form", { name: "New event" });
  const day = dateIn(10);
  await eventForm.getByLabel("Title").fill("Harbor Launch Night");
  await eventForm.getByLabel("Description").fill("Food trucks, worship and a tour of the building.");
  await eventForm.getByLabel("Location").fill("Main Hall");
  await eventForm.getByLabel("Starts").fill(`${day}T18:00`);
  await eventForm.getByLabel("Ends").fill(`${day}T20:00`);
  await eventForm.getByLabel("Members register").check();
  await eventForm.getByRole("button", { name: "Create event" }).click();
  await expect(pastor.getByTestId("admin-event").filter({ hasText: "Harbor Launch Night" }).getByTestId("admin-event-counts")).toHaveText("0 going, 0 waitlisted");

  // A member signs up on the new church.
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  await recordToasts(member);
  await member.goto(`${BASE}/auth/register`);
  await member.getByLabel("First name").fill("Phoebe");
  await member.getByLabel("Last name").fill("Cenchreae");
  await member.getByLabel("Email").fill(uniqueEmail());
  await member.getByLabel("Password").fill("faithful-123");
  await member.getByRole("button", { name: "Create Account" }).click();
  await expect(member.getByRole("heading", { level: 1, name: "Grace Harbor Church" })).toBeVisible();
  await expect(member.getByText(/ at (10:30AM|7:00PM)$/)).toBeVisible();
  // Home's next events: the pastor's event.
  await expect(member.getByTestId("home-events")).toContainText("Harbor Launch Night");

  await member.goto(`${BASE}/connect`);
  const group = member.getByRole("group", { name: "Harbor Young Adults" });
  await expect(group).toContainText("Every Friday · 7:30 PM");
  await group.getByRole("button", { name: "Join" }).click();
  await expectToastSeen(member, "Joined group!");
  await expect(group.getByText("Member", { exact: true })).toBeVisible();
  const focus = member.getByTestId("daily-focus");
  await focus.getByRole("button", { name: "Enroll in Harbor of Hope" }).click();
  await expectToastSeen(member, "Enrolled successfully");
  await expect(focus.getByText("Day 1 of 3")).toBeVisible();
  await expect(focus.getByRole("heading", { name: "Anchored day 1" })).toBeVisible();
  await expect(member.getByRole("group", { name: "Seven Days of Thanks" })).toBeVisible();

  await member.getByRole("link", { name: /Calendar of Events/ }).click();
  const event = member.getByTestId("event-card").filter({ hasText: "Harbor Launch Night" });
  await event.getByRole("button", { name: "Register" }).click();
  await expect(event.getByTestId("rsvp-status")).toHaveText("Going");
  // The list carries no descriptions: Details fetches the event's words.
  await event.getByRole("button", { name: "Details" }).click();
  await expect(event).toContainText("Food trucks, worship and a tour of the building.");

  // In Spanish: Home keeps the church's name and gives the service time in Spanish; the journey speaks Spanish.
  await member.goto(`${BASE}/profile`);
  await member.getByLabel("Language").selectOption("es");
  await expectToastSeen(member, "Idioma actualizado");
  await member.goto(`${BASE}/`);
  await expect(member.getByRole("heading", { level: 1, name: "Grace Harbor Church" })).toBeVisible();
  await expect(member.getByText(/ a las (10:30AM|7:00PM)$/)).toBeVisible();
  await member.goto(`${BASE}/connect`);
  await expect(member.getByTestId("daily-focus").getByRole("heading", { name: "Anclados día 1" })).toBeVisible();
  await context.close();
});
