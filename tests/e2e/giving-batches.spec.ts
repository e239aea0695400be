/**
 * Cash and check batches in the browser (issue 19; decision 0120): a treasurer (a member the
 * owner granted the finance permission) enters a cash batch with two lines (a member found by
 * name, and an anonymous gift), is told what is missing before it is sent, saves it, closes it
 * (asked first), downloads the ledger's CSV holding the batch's gifts, and the member finds the
 * gift in their Recent Giving and statement.
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { parse } from "csv-parse/sync";
import type { APIRequestContext, Page } from "@playwright/test";
import { test, expect, register, signIn, uniqueEmail, DEMO_PASSWORD } from "./fixtures";

/** axe-core (WCAG 2.1 A and AA) finds nothing on the page as it is. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A new member account the demo owner grants the finance permission (Admin -> People does the same). */
async function newTreasurer(request: APIRequestContext) {
  const email = uniqueEmail("treasurer");
  const password = "faithful-123";
  expect((await request.post("/api/auth/register", { data: { firstName: "Tabitha", lastName: "Joppa", email, password } })).ok()).toBe(true);
  const owner = { authorization: `Bearer ${await tokenOf(request, "owner@koinonia.test")}` };
  const found = (await (await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`, { headers: owner })).json()) as { id: string; email: string }[];
  const id = found.find((u) => u.email === email)!.id;
  expect((await request.put(`/api/admin/users/${id}/finance`, { headers: owner, data: { finance: true } })).ok()).toBe(true);
  return { email, password };
}

test("a treasurer enters a cash batch with two lines, closes it, and the donor sees the gift", async ({ page, browser }) => {
  // Two browsers, two accessibility scans, a reload and a download: 49 s on a loaded 2-core machine, against the 60 s default.
  test.slow();
  // The donor: a member with their own account, in a browser of their own.
  const donorContext = await browser.newContext();
  const donorPage = await donorContext.newPage();
  await donorPage.route("**/api/events", (route) => route.fulfill({ status: 204 }));
  const lastName = `Cenchreae${Date.now() % 100000}`;
  await register(donorPage, "Phoebe", lastName);

  const treasurer = await newTreasurer(page.request);
  await signIn(page, treasurer.email, treasurer.password);
  await page.goto("/admin");
  // A treasurer who is not staff sees the Giving page alone.
  await expect(page.getByRole("heading", { name: "Giving", level: 1 })).toBeVisible();
  const card = page.getByTestId("batches-card");
  await expect(card.getByRole("heading", { name: "Cash and checks" })).toBeVisible();
  await card.getByRole("button", { name: "New batch" }).click();

  // Line 1: the member, found by name.
  const first = card.getByTestId("batch-line-editor").nth(0);
  await first.getByLabel("Search members").fill(lastName);
  await first.getByRole("button", { name: new RegExp(`Phoebe ${lastName}`) }).click();
  await expect(first.getByTestId("chosen-member")).toContainText(`Phoebe ${lastName}`);
  await first.getByLabel("Amount ($)").fill("50");

  // Line 2: anonymous, its amount forgotten: the form says so before anything is sent.
  await card.getByRole("button", { name: "Add line" }).click();
  const second = card.getByTestId("batch-line-editor").nth(1);
  await second.getByRole("button", { name: "Anonymous" }).click();
  await card.getByRole("button", { name: "Save batch" }).click();
  await expect(second.getByRole("alert")).toHaveText("Enter an amount greater than $0.00");
  await expectAccessible(page);
  await second.getByLabel("Amount ($)").fill("20.25");
  await expect(card.getByTestId("batch-form-total")).toContainText("$70.25");
  await expect(card.getByTestId("batch-form-total")).toContainText("2 gifts");
  await card.getByRole("button", { name: "Save batch" }).click();

  // The saved batch: its lines and totals, still open.
  const detail = card.getByTestId("batch-detail");
  await expect(detail.getByTestId("batch-total")).toHaveText("$70.25");
  await expect(detail.getByTestId("batch-status")).toHaveText("In progress");
  await expect(detail.getByTestId("batch-line")).toHaveCount(2);
  await expect(detail.getByTestId("batch-line").nth(0)).toContainText(`Phoebe ${lastName}`);
  await expect(detail.getByTestId("batch-line").nth(1)).toContainText("Anonymous");
  await expect(detail.getByTestId("batch-totals")).toContainText("Cash $70.25");
  await expectAccessible(page);

  // Close it (asked first): locked, no more Edit.
  await detail.getByRole("button", { name: "Close batch" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Its 2 gifts ($70.25) will be locked.");
  await dialog.getByRole("button", { name: "Close batch" }).click();
  await expect(detail.getByTestId("batch-status")).toHaveText("Closed");
  await expect(detail.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(detail.getByRole("button", { name: "Close batch" })).toHaveCount(0);
  await detail.getByRole("button", { name: "Back to batches" }).click();
  await expect(card.getByTestId("batch-row").first()).toContainText("$70.25");
  // The batch's gifts are in the CSV the treasurer downloads from the ledger, each with its batch.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  const rows = parse(fs.readFileSync((await download.path())!, "utf8"), { bom: true, columns: true }) as Record<string, string>[];
  const memberLine = rows.find((r) => r.Donor === `Phoebe ${lastName}`);
  expect(memberLine).toMatchObject({ Fund: "General Fund", Method: "Cash", Amount: "50.00", Fee: "0.00", Refunded: "0.00", "Transaction ID": "" });
  expect(memberLine!.Batch).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(rows.find((r) => r.Batch === memberLine!.Batch && r.Amount === "20.25")).toMatchObject({ Donor: "", Method: "Cash" });
  // The list, the closed batch and the form in the dark theme too.
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await card.getByTestId("batch-row").first().click();
  await expect(detail.getByTestId("batch-status")).toHaveText("Closed");
  await expectAccessible(page);
  await detail.getByRole("button", { name: "Back to batches" }).click();
  await card.getByRole("button", { name: "New batch" }).click();
  await card.getByRole("button", { name: "Save batch" }).click();
  await expect(card.getByTestId("batch-line-editor").first().getByRole("alert").first()).toBeVisible();
  await expectAccessible(page);

  // The donor finds the gift in Recent Giving and on the year's statement, paid in cash.
  await donorPage.goto("/giving");
  const gift = donorPage.getByTestId("recent-gift").first();
  await expect(gift).toContainText("$50.00");
  await expect(gift.getByTestId("recent-gift-fund")).toHaveText("General Fund");
  await donorPage.goto(`/giving/statement?year=${new Date().getFullYear()}`);
  await expect(donorPage.getByText("General Fund · Cash")).toBeVisible();
  await donorContext.close();
});
