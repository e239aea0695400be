/** The prayer companion: crisis rule first, the offline sandbox by topic, the OpenAI-compatible adapter, validation. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createTestApp, type TestApp } from "../../testing/harness";
import { AI_MESSAGES_MAX, type AiPrayerReply } from "../../../contract/ai-prayer";
import { pickTopic } from "../../providers/ai/sandbox";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
const send = (app: TestApp, auth: Auth | undefined, payload: unknown) =>
  app.app.inject({ method: "POST", url: "/api/ai-prayer/messages", headers: auth ?? {}, payload: payload as never });
const say = (content: string) => ({ messages: [{ role: "user", content }] });

describe("POST /api/ai-prayer/messages (sandbox)", () => {
  it("answers self-harm words first with 988 and the church's prayer line", async () => {
    const m = await t.signUp();
    for (const text of ["I want to kill myself", "I think about suicide", "He abuses me and I am in danger", "I took an overdose"]) {
      const res = await send(t, m.auth, say(text));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AiPrayerReply;
      expect(body.crisis).toBe(true);
      expect(body.reply).toContain("call or text 988");
      expect(body.reply).toContain(t.deps.church.prayerLinePhone!);
    }
  });

  it("answers by topic with a World English Bible verse and a guided prayer", async () => {
    const m = await t.signUp();
    const res = await send(t, m.auth, say("I'm so anxious about tomorrow"));
    const body = res.json() as AiPrayerReply;
    expect(body.crisis).toBe(false);
    expect(body.reply).toContain("Philippians 4:6, WEB");
    expect(body.reply).toContain("Amen.");
    expect(pickTopic("My mother passed away").topic).toBe("grief");
    expect(pickTopic("Surgery next week").topic).toBe("health");
    expect(pickTopic("I lost my job and the rent is due").topic).toBe("work/finances");
    expect(pickTopic("Thank you God").topic).toBe("thanks");
    expect(pickTopic("hello").topic).toBe("general");
  });

  it("validates the conversation and needs a member", async () => {
    const m = await t.signUp();
    expect((await send(t, m.auth, { messages: [] })).statusCode).toBe(400);
    expect((await send(t, m.auth, say(" "))).statusCode).toBe(400);
    expect((await send(t, m.auth, say("x".repeat(2001)))).statusCode).toBe(400);
    expect((await send(t, m.auth, { messages: Array.from({ length: AI_MESSAGES_MAX + 1 }, () => ({ role: "user", content: "hi" })) })).statusCode).toBe(400);
    expect((await send(t, m.auth, { messages: [{ role: "system", content: "hi" }] })).statusCode).toBe(400);
    expect((await send(t, undefined, say("hi"))).statusCode).toBe(401);
  });
});

describe("the OpenAI-compatible adapter", () => {
  it("calls ${AI_BASE_URL}/chat/completions with the model and key, and the crisis rule still comes first", async () => {
    const seen: { url?: string; auth?: string; body?: { model: string; messages: { role: string; content: string }[] } }[] = [];
    const server = http.createServer((req, res) => {
      let data = "";
      req.on("data", (c) => (data += c));
      req.on("end", () => {
        seen.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(data) });
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: "Peace be with you. (Psalm 4:8)" }, finish_reason: "stop" }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const ai = await createTestApp({ env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: "sk-test", AI_MODEL: "tiny" } });
    try {
      const m = await ai.signUp();
      const res = await send(ai, m.auth, say("Please pray for my family"));
      expect(res.json()).toEqual({ reply: "Peace be with you. (Psalm 4:8)", crisis: false });
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ url: "/v1/chat/completions", auth: "Bearer sk-test", body: { model: "tiny" } });
      expect(seen[0].body!.messages[0].role).toBe("system");
      expect(seen[0].body!.messages.at(-1)).toEqual({ role: "user", content: "Please pray for my family" });
      const crisis = (await send(ai, m.auth, say("I want to end my life"))).json() as AiPrayerReply;
      expect(crisis.crisis).toBe(true);
      expect(seen).toHaveLength(1);
    } finally {
      await ai.close();
      server.close();
    }
  });

  it("answers offline with scripture when the endpoint fails, instead of an error", async () => {
    const server = http.createServer((_req, res) => {
      res.statusCode = 503;
      res.end("down");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const ai = await createTestApp({ env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_MODEL: "tiny" } });
    try {
      const m = await ai.signUp();
      const res = await send(ai, m.auth, say("I am grieving my father"));
      expect(res.statusCode).toBe(200);
      const body = res.json() as AiPrayerReply;
      expect(body.crisis).toBe(false);
      expect(body.reply.length).toBeGreaterThan(40);
    } finally {
      await ai.close();
      server.close();
    }
  });
});
