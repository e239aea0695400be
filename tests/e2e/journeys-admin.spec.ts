/**
 * Admin → Journeys and Admin → Challenges (issue 18, decision 0108): a pastor writes a 3-day
 * journey in English and Spanish, previews a day as members see it, publishes it, and creates a
 * challenge; a member then enrols in the journey and joins the challenge on Connect.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, register, signIn } from "./fixtures";

/** axe-core's WCAG 2.1 A and AA rules on what the page shows now (as accessibility.spec.ts does for every screen). */
async function expectNoAxeViolation(page: Page) {
  // A button just pressed may still be fading between its colours (transition-colors): axe would
  // measure the contrast of a frame in between. Measure the settled screen.
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; animation: none !important; }" });
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

async function openAdminTab(page: Page, tab: string) {
  await page.goto("/admin");
  await page.getByRole("tab", { name: tab }).click();
}

test("a pastor creates a 3-day journey and a challenge; a member enrols and joins", async ({ page: pastor, browser }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const journeyTitle = `Hope Rising ${stamp}`;
  const challengeTitle = `Kindness Week ${stamp}`;

  await signIn(pastor, "pastor@koinonia.test");
  await openAdminTab(pastor, "Journeys");
  await pastor.getByRole("button", { name: "New journey" }).click();
  await pastor.getByLabel("Title (English)").fill(journeyTitle);
  await pastor.getByLabel("Title (Spanish)").fill(`Esperanza ${stamp}`);
  await pastor.getByLabel("Description (English)").fill("Three mornings of hope");
  await pastor.getByRole("button", { name: "Add a day" }).click();
  await pastor.getByRole("button", { name: "Add a day" }).click();
  const days = pastor.getByTestId("journey-day");
  await expect(days).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    const day = days.nth(i);
    const en = day.getByRole("group", { name: "English" });
    const es = day.getByRole("group", { name: "Spanish" });
    await en.getByLabel("Title").fill(`Hope day ${i + 1}`);
    await en.getByLabel("Verse reference").fill(`Romans 15:${13 + i}`);
    await en.getByLabel("Verse text").fill("May the God of hope fill you with all joy and peace.");
    await en.getByLabel("Reading").fill(`Reading ${i + 1}: hope is a person, not a wish.`);
    await es.getByLabel("Title").fill(`Esperanza día ${i + 1}`);
    await es.getByLabel("Reading").fill(`Lectura ${i + 1}: la esperanza es una persona.`);
  }
  // Reorder: day 3 moves up to day 2.
  await pastor.getByRole("button", { name: "Move day 3 up" }).click();
  await expect(days.nth(1).getByRole("group", { name: "English" }).getByLabel("Title")).toHaveValue("Hope day 3");
  await pastor.getByRole("button", { name: "New journey" }).click();
  await expect(toast(pastor, "Journey created")).toBeVisible();

  // The editor of the saved draft: preview day 2 as members see it, then publish.
  await expect(pastor.getByText("Draft")).toBeVisible();
  await expectNoAxeViolation(pastor);
  await pastor.getByRole("button", { name: "Preview: Day 2" }).click();
  const preview = pastor.getByTestId("journey-preview");
  await expect(preview.getByText("Day 2 of 3")).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Hope day 3" })).toBeVisible();
  await pastor.getByRole("button", { name: "Spanish" }).click();
  await expect(preview.getByRole("heading", { name: "Esperanza día 3" })).toBeVisible();
  await expectNoAxeViolation(pastor);
  await pastor.keyboard.press("Escape");
  await pastor.getByRole("button", { name: "Publish" }).click();
  await expect(toast(pastor, "Journey published")).toBeVisible();
  await expect(pastor.getByText("Published", { exact: true })).toBeVisible();

  await openAdminTab(pastor, "Challenges");
  await pastor.getByRole("button", { name: "New challenge" }).click();
  await pastor.getByLabel("Title (English)").fill(challengeTitle);
  await pastor.getByLabel("Description (English)").fill("One act of kindness each day.");
  await pastor.getByLabel("Title (Spanish)").fill(`Semana de bondad ${stamp}`);
  await pastor.getByLabel("Description (Spanish)").fill("Un acto de bondad cada día.");
  await pastor.getByLabel("Number of days").fill("5");
  await pastor.getByLabel("Type").selectOption("GRATITUDE");
  await pastor.getByRole("button", { name: "Save" }).click();
  await expect(toast(pastor, "Challenge created")).toBeVisible();
  await expect(pastor.getByTestId("admin-challenge").filter({ hasText: challengeTitle })).toContainText("5 days");

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await register(member);
  await member.goto("/connect");
  const focus = member.getByTestId("daily-focus");
  await focus.getByRole("button", { name: `Enroll in ${journeyTitle}` }).click();
  await expect(toast(member, "Enrolled successfully")).toBeVisible();
  await expect(focus.getByText("Day 1 of 3")).toBeVisible();
  await expect(focus.getByText(journeyTitle)).toBeVisible();
  await expect(focus.getByRole("heading", { name: "Hope day 1" })).toBeVisible();

  const card = member.getByRole("group", { name: challengeTitle });
  await card.getByRole("button", { name: "Join" }).click();
  await expect(toast(member, "Challenge joined!")).toBeVisible();
  await expect(card.getByText("0 of 5 days")).toBeVisible();
  await memberContext.close();
});
