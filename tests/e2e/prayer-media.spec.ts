import { test, expect, register } from "./fixtures";

// Prayers submitted by tests running in parallel raise 'New Prayer Request' toasts, and only one toast
// shows at a time: keep these pages off the live stream so each test sees its own toasts. (Every
// change here refreshes its list directly after the call, without waiting for an event.)
test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

test("a member submits a prayer request and sees it on the prayer wall", async ({ page }) => {
  await register(page, "Hannah", "Elkanah");
  await page.goto("/prayer");
  await expect(page.getByRole("heading", { level: 1, name: "Prayer Center" })).toBeVisible();
  const title = `Healing for Mom ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Surgery on Friday, pray for peace.");
  await page.getByLabel("Category").selectOption("Health & Healing");
  await page.getByRole("button", { name: "Submit Prayer Request" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Prayer request submitted" });
  await expect(toast).toContainText("Your prayer request has been shared with the community.");
  await expect(page.getByLabel("Title")).toHaveValue("");
  const card = page.getByTestId("prayer-card").filter({ hasText: title });
  await expect(card).toContainText("Health & Healing");
  await expect(card).toContainText("Hannah E.");
  await expect(card.getByTestId("prayed-count")).toHaveText("0 people have prayed");
  await card.getByRole("button", { name: "I Prayed" }).click();
  await expect(card.getByTestId("prayed-count")).toHaveText("1 person has prayed");
  await expect(card.getByRole("button", { name: "Prayed" })).toBeDisabled();
  await card.getByRole("button", { name: "Mark Answered" }).click();
  await expect(card).toContainText("Answered");
});

test("an anonymous request shows no name", async ({ page }) => {
  await register(page, "Quiet", "Member");
  await page.goto("/prayer");
  const title = `Private need ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Please pray.");
  await page.getByLabel("Share anonymously").check();
  await page.getByRole("button", { name: "Submit Prayer Request" }).click();
  const card = page.getByTestId("prayer-card").filter({ hasText: title });
  await expect(card).toContainText("Anonymous");
  await expect(card).not.toContainText("Quiet M.");
});

test("a blank title shows 'Missing information' and sends nothing", async ({ page }) => {
  await register(page);
  await page.goto("/prayer");
  let posted = false;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/prayer-requests")) posted = true;
  });
  await page.getByLabel("Title").fill("   ");
  await page.getByLabel("Description").fill("Something to pray about");
  await page.getByRole("button", { name: "Submit Prayer Request" }).click();
  const toast = page.getByRole("status").filter({ hasText: "Missing information" });
  await expect(toast).toContainText("Please provide both a title and description for your prayer request.");
  expect(posted).toBe(false);
});

test("a member creates, edits and deletes a note", async ({ page }) => {
  await register(page);
  await page.goto("/media?tab=notes");
  await expect(page.getByText("No notes yet")).toBeVisible();
  await page.getByRole("button", { name: "New Note" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Content is required")).toBeVisible();
  await dialog.getByLabel("Title").fill("x".repeat(256));
  await dialog.getByLabel("Content").fill("Grace upon grace");
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expect(dialog.getByText("Title must be less than 255 characters")).toBeVisible();
  await dialog.getByLabel("Title").fill("John 1");
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toContainText("Note created successfully");
  await expect(dialog).toBeHidden();
  const note = page.getByTestId("note-card").filter({ hasText: "John 1" });
  await expect(note).toContainText("Created");

  await note.getByRole("button", { name: "Edit John 1" }).click();
  await expect(dialog.getByLabel("Title")).toHaveValue("John 1");
  await dialog.getByLabel("Title").fill("John 1:1-5");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toContainText("Note updated successfully");
  const edited = page.getByTestId("note-card").filter({ hasText: "John 1:1-5" });
  await expect(edited).toContainText("Updated");

  await edited.getByRole("button", { name: "Delete John 1:1-5" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this note?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Success" })).toContainText("Note deleted successfully");
  await expect(page.getByTestId("note-card")).toHaveCount(0);
});

test("a member posts a comment and sees it in the feed", async ({ page }) => {
  await register(page, "Lydia", "Thyatira");
  await page.goto("/media?tab=comments");
  const post = page.getByRole("button", { name: "Post" });
  await expect(post).toBeDisabled();
  await page.getByLabel("Join the conversation").fill("   ");
  await expect(post).toBeDisabled();
  await page.getByLabel("Join the conversation").fill("x".repeat(501));
  await post.click();
  await expect(page.getByText("Comment must be less than 500 characters")).toBeVisible();
  const message = `Amen from row three ${Date.now()}`;
  await page.getByLabel("Join the conversation").fill(message);
  await post.click();
  await expect(page.getByRole("status").filter({ hasText: "Comment posted!" })).toContainText("Your comment has been shared with everyone");
  const item = page.getByTestId("comment").filter({ hasText: message });
  await expect(item).toContainText("Lydia T.");
  await expect(item).toContainText("just now");
  await expect(page.getByTestId("comment").first()).toContainText(message);
  await expect(page.getByLabel("Join the conversation")).toHaveValue("");
});

test("the media tabs follow the tab parameter, and the compact layout links to them", async ({ page }) => {
  await register(page);
  await page.goto("/media");
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await expect(page.getByTestId("video-card").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Visit our YouTube channel" })).toHaveAttribute("target", "_blank");
  await page.getByRole("navigation", { name: "Media sections" }).getByRole("link", { name: "Bible" }).click();
  await expect(page).toHaveURL(/\/media\?tab=bible$/);
  await expect(page.getByRole("tab", { name: "Bible" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("link", { name: /Bible Gateway/ })).toHaveAttribute("href", "https://www.biblegateway.com");
  await expect(page.getByRole("link", { name: /YouVersion Bible/ })).toHaveAttribute("target", "_blank");
  await page.getByRole("tab", { name: "Videos" }).click();
  await expect(page).toHaveURL(/\/media\?tab=videos$/);
  const first = page.getByTestId("video-card").first();
  await expect(first).toHaveAttribute("target", "_blank");
  await expect(first).toContainText(/\d+:\d{2}/);
  await expect(first).toContainText(/views?/);
  await page.getByRole("tab", { name: "Comments" }).click();
  await expect(page).toHaveURL(/\/media\?tab=comments$/);
  await expect(page.getByLabel("Join the conversation")).toBeVisible();
});

test("invite shares the invitation by copying it when the device cannot share", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: (t: string) => ((window as unknown as { __copied: string }).__copied = t, Promise.resolve()) },
      configurable: true,
    });
  });
  await register(page);
  await page.goto("/invite");
  await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share Invitation" })).toBeVisible();
  await expect(page.getByTestId("invite-address")).toContainText("1200 Lake Eola Drive");
  await expect(page.getByText("8:00 AM, 9:30 AM, 11:00 AM")).toBeVisible();
  await page.getByRole("button", { name: "Share Invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied to clipboard" })).toBeVisible();
  const copied = await page.evaluate(() => (window as unknown as { __copied: string }).__copied);
  expect(copied).toContain("Koinonia Church Orlando");
  expect(copied).toContain("1200 Lake Eola Drive, Orlando, FL 32801");
  expect(copied).toContain("8:00 AM, 9:30 AM, 11:00 AM");
  await expect(page.getByRole("link", { name: /Visit Our Website/ })).toHaveAttribute("href", "https://koinonia.test");
});

test("visit us shows service times, directions and the contact buttons", async ({ page }) => {
  await register(page);
  await page.goto("/visit-us");
  await expect(page.getByRole("heading", { level: 1, name: "Plan your visit" })).toBeVisible();
  await expect(page.getByText("Services last about 75 minutes.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Directions" })).toHaveAttribute("href", /google\.com\/maps/);
  await expect(page.getByRole("heading", { name: "Parking" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What to expect" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Call Us" })).toHaveAttribute("href", "tel:4075550100");
  await expect(page.getByRole("link", { name: "Email Us" })).toHaveAttribute("href", "mailto:hello@koinonia.test");
  await expect(page.getByRole("link", { name: "First-Time Visitor Form" })).toBeVisible();
});

test("notes load 20 at a time: Load more brings the older ones, then goes away (issue 23)", async ({ page }) => {
  await register(page);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  for (let i = 1; i <= 23; i++) {
    const res = await page.request.post("/api/personal-notes", { headers: { authorization: `Bearer ${token}` }, data: { title: `Week ${i}`, content: "Grace upon grace" } });
    expect(res.status()).toBe(201);
  }
  await page.goto("/media?tab=notes");
  const cards = page.getByTestId("note-card");
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText("Week 23");
  const more = page.getByRole("button", { name: "Load more" });
  await more.click();
  await expect(cards).toHaveCount(23);
  await expect(cards.last()).toContainText("Week 1");
  await expect(more).toBeHidden();
});
