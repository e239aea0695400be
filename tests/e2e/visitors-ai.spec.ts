import { test, expect, register } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await page.route("**/api/events", (route) => route.fulfill({ status: 204 }));
});

test("a visitor card shows the form's messages, then sends and thanks", async ({ page }) => {
  await register(page, "Lydia", "Thyatira");
  await page.goto("/visitors");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, visitor!" })).toBeVisible();
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Please tell us your name")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please tell us how you heard about us")).toBeVisible();
  await page.getByLabel("Name").fill("Lydia Thyatira");
  await page.getByLabel("Email").fill("lydia@example.org");
  await page.getByLabel("How did you hear about us?").selectOption("Online search");
  await page.getByLabel("How can we pray for you? (optional)").fill("A new start in town");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you for visiting!" })).toBeVisible();
});

test("the prayer companion answers with a verse and turns the talk into a prayer request", async ({ page }) => {
  await register(page, "Hannah", "Elkanah");
  await page.goto("/ai-prayer");
  await expect(page.getByText(/This companion is not a pastor/)).toBeVisible();
  await page.getByLabel("Your message").fill("I'm anxious about my exam tomorrow");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("message-user")).toHaveText("I'm anxious about my exam tomorrow");
  await expect(page.getByTestId("message-companion")).toContainText("Philippians 4:6, WEB");
  await page.getByRole("button", { name: "Turn this into a prayer request" }).click();
  await expect(page).toHaveURL(/\/prayer\?/);
  await expect(page.getByLabel("Title")).toHaveValue("I'm anxious about my exam tomorrow");
  await expect(page.getByLabel("Description")).toHaveValue("I'm anxious about my exam tomorrow");
});

test("the companion's answer shows as it arrives, with a Stop button while it streams", async ({ page }) => {
  // A stand-in for our endpoint's event stream that holds back its second half until the test
  // releases it, so the first half must already be on screen (the server side is unit-tested).
  await page.addInitScript(() => {
    const w = window as unknown as { __release: () => void };
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      if (!String(input).includes("/api/ai-prayer/messages")) return realFetch(input, init);
      const released = new Promise<void>((r) => (w.__release = r));
      const enc = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(c) {
          c.enqueue(enc.encode('event: start\ndata: {"crisis":false}\n\nevent: delta\ndata: {"text":"Peace be "}\n\n'));
          await released;
          c.enqueue(enc.encode('event: delta\ndata: {"text":"with you."}\n\nevent: done\ndata: {}\n\n'));
          c.close();
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    };
  });
  await register(page);
  await page.goto("/ai-prayer");
  await page.getByLabel("Your message").fill("Please pray for my week");
  await page.getByRole("button", { name: "Send" }).click();
  const answer = page.getByTestId("message-companion");
  await expect(answer).toHaveText("Peace be");
  await expect(answer).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("button", { name: "Stop" })).toBeVisible();
  await page.evaluate(() => (window as unknown as { __release: () => void }).__release());
  await expect(answer).toHaveText("Peace be with you.");
  await expect(answer).not.toHaveAttribute("aria-busy");
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
});

test("danger words get the 988 Lifeline and the prayer line first, with call buttons", async ({ page }) => {
  await register(page);
  await page.goto("/ai-prayer");
  await page.getByLabel("Your message").fill("I want to end my life");
  await page.getByRole("button", { name: "Send" }).click();
  const answer = page.getByTestId("message-companion");
  await expect(answer).toHaveAttribute("data-crisis", "true");
  await expect(answer.getByRole("link", { name: "Call 988" })).toHaveAttribute("href", "tel:988");
  await expect(answer.getByRole("link", { name: "Text 988" })).toHaveAttribute("href", "sms:988");
  await expect(answer.getByRole("link", { name: /Prayer line \(407\) 555-0123/ })).toHaveAttribute("href", "tel:4075550123");
  await expect(answer).toContainText("call or text 988");
  const text = (await answer.locator("p").first().textContent()) ?? "";
  expect(text.indexOf("988")).toBeLessThan(text.indexOf("Psalm 34:18"));
});

test("a stream cut off mid-answer keeps what came and says so", async ({ page }) => {
  await page.addInitScript(() => {
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      if (!String(input).includes("/api/ai-prayer/messages")) return realFetch(input, init);
      const enc = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(enc.encode('event: start\ndata: {"crisis":false}\n\nevent: delta\ndata: {"text":"Lord, we lift up"}\n\n'));
          c.close(); // no done event: the connection dropped
        },
      });
      return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
    };
  });
  await register(page);
  await page.goto("/ai-prayer");
  await page.getByLabel("Your message").fill("Pray for my sister");
  await page.getByRole("button", { name: "Send" }).click();
  const answer = page.getByTestId("message-companion");
  await expect(answer).toContainText("Lord, we lift up");
  await expect(answer).toContainText("The answer was cut off. Please check your connection and send your message again.");
  await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
});
