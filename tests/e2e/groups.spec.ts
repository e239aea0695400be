import { test, expect, register, signIn } from "./fixtures";

/** Small groups (decision 0107): a staff member creates a group in Admin → Groups, a member joins it on Connect. */
test("staff create a group with a leader in Admin, and a member joins it on Connect", async ({ page, browser }) => {
  const name = `Hope Circle ${Date.now()}`;
  await signIn(page, "staff@koinonia.test");
  await page.goto("/admin?tab=groups");
  await page.getByRole("button", { name: "New group" }).click();
  const dialog = page.getByRole("dialog", { name: "New group" });
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill("Prayer and encouragement after the evening service.");
  await dialog.getByLabel("Meeting day").selectOption({ label: "Thursday" });
  await dialog.getByLabel("Time").fill("19:30");
  await dialog.getByLabel("Place").fill("Room 12");
  await dialog.getByLabel("Capacity").fill("3");
  await dialog.getByRole("searchbox", { name: "Search members" }).fill("Maria");
  await dialog.getByRole("button", { name: "Add Maria Lopez as a leader" }).click();
  await expect(dialog.getByRole("list", { name: "Leaders" })).toContainText("Maria Lopez");
  await dialog.getByRole("button", { name: "Create group" }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole("listitem", { name });
  await expect(row).toContainText("1 member / 3");
  await expect(row).toContainText("Led by Maria Lopez");

  const member = await browser.newPage();
  await register(member, "Lydia", "Thyatira");
  await member.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Connect" }).click();
  const card = member.getByRole("group", { name });
  await expect(card).toContainText("Every Thursday · 7:30 PM");
  await expect(card).toContainText("Room 12");
  await expect(card).toContainText("Led by Maria Lopez");
  await expect(card).toContainText("2 spots left");
  await card.getByRole("button", { name: "Join" }).click();
  await expect(member.getByRole("status").filter({ hasText: "Joined group!" })).toBeVisible();
  await expect(card.getByText("Member", { exact: true })).toBeVisible();
  await expect(card).toContainText("2 members");
  await member.close();

  // Staff see the new count in Admin.
  await page.reload();
  await expect(page.getByRole("listitem", { name })).toContainText("2 members / 3");
});

/** The list comes a page at a time (decision 0125): Connect and Admin → Groups show "Load more groups" until the last page. */
test("Connect and Admin → Groups load more groups a page at a time", async ({ page, browser }) => {
  const stamp = Date.now();
  const login = await page.request.post("/api/auth/login", { data: { email: "pastor@koinonia.test", password: "koinonia-demo" } });
  const { token } = (await login.json()) as { token: string };
  const names = Array.from({ length: 22 }, (_, i) => `Paging ${stamp} ${String(i + 1).padStart(2, "0")}`);
  for (const name of names) {
    const res = await page.request.post("/api/groups", { headers: { authorization: `Bearer ${token}` }, data: { name, description: "Friends who meet to pray." } });
    expect(res.status()).toBe(201);
  }
  const last = names[names.length - 1]!;

  const member = await browser.newPage();
  await register(member, "Phoebe", "Cenchreae");
  await member.goto("/connect");
  const cards = member.getByTestId("group-card");
  await expect(cards).toHaveCount(20);
  const more = member.getByRole("button", { name: "Load more groups" });
  while (!(await member.getByRole("group", { name: last }).isVisible())) {
    const before = await cards.count();
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
  }
  await expect(more).toHaveCount(0);
  // Every group once, in name order.
  const shown = await cards.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  expect(new Set(shown).size).toBe(shown.length);
  expect(shown.filter((n) => n?.startsWith(`Paging ${stamp}`))).toEqual(names);
  await member.close();

  await signIn(page, "staff@koinonia.test");
  await page.goto("/admin?tab=groups");
  const adminMore = page.getByRole("button", { name: "Load more groups" });
  await expect(adminMore).toBeVisible();
  const lastRow = page.getByRole("listitem", { name: last });
  const rows = page.getByRole("list", { name: "Groups" }).locator(":scope > li");
  while (!(await lastRow.isVisible())) {
    const before = await rows.count();
    await adminMore.click();
    // Each click waits for its page's rows: right after a click the button may not yet read
    // "Loading...", and a second click then waited for a button the last page had removed.
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
  }
  await expect(adminMore).toHaveCount(0);
});
