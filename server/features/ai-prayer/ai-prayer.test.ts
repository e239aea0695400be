/** The prayer companion: crisis rule first, the offline sandbox by topic, the OpenAI-compatible adapter, validation. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createTestApp, type TestApp } from "../../testing/harness";
import { createParser } from "eventsource-parser";
import { AI_MESSAGES_MAX, AI_PRAYER_TEXT, type AiPrayerReply, type AiStreamEvent } from "../../../contract/ai-prayer";
import { offlineParagraphs, pickTopic } from "../../providers/ai/sandbox";
import { isCrisis } from "./crisis";
import { createOpenAiCompanion, AiEndpointError } from "../../providers/ai/openai";
import { createPrayerCompanion } from "../../providers/ai/index";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Auth = { authorization: string };
const send = (app: TestApp, auth: Auth | undefined, payload: unknown) =>
  app.app.inject({ method: "POST", url: "/api/ai-prayer/messages", headers: auth ?? {}, payload: payload as never });
const say = (content: string) => ({ messages: [{ role: "user", content }] });

/** POST with Accept: text/event-stream; the answer's events in order. */
async function sendStreamed(app: TestApp, auth: Auth, payload: unknown) {
  const res = await app.app.inject({
    method: "POST",
    url: "/api/ai-prayer/messages",
    headers: { ...auth, accept: "text/event-stream" },
    payload: payload as never,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
  expect(res.headers["content-encoding"]).toBeUndefined();
  const events: AiStreamEvent[] = [];
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event, data: JSON.parse(e.data) } as AiStreamEvent) });
  parser.feed(res.body);
  const text = events.flatMap((e) => (e.event === "delta" ? [e.data.text] : [])).join("");
  return { events, text };
}

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

describe("in Spanish (the member's language, by Accept-Language)", () => {
  const es = (auth: Auth) => ({ ...auth, "accept-language": "es" });

  it("sees a crisis in Spanish words, with or without accents, whatever the member's language", () => {
    for (const text of [
      "Ya no quiero vivir",
      "Quiero morirme",
      "pienso en quitarme la vida",
      "me quiero matar",
      "Me hago daño cuando estoy sola",
      "me hago dano",
      "tengo pensamientos de autolesión",
      "Mi esposo me pega y estoy en peligro",
      "tomé una sobredosis",
      "pienso en el suicidio",
      "sufro maltrato en casa",
    ]) {
      expect(isCrisis(text), text).toBe(true);
    }
    for (const text of ["Me duele la espalda", "Estoy preocupada por mi hija", "Gracias a Dios por la vida de mi madre", "Quiero vivir para Dios"]) {
      expect(isCrisis(text), text).toBe(false);
    }
  });

  it("answers a crisis in Spanish: 988, press 2 or text AYUDA, 911 and the church's prayer line", async () => {
    const m = await t.signUp();
    const res = await t.app.inject({ method: "POST", url: "/api/ai-prayer/messages", headers: es(m.auth), payload: say("Ya no quiero vivir") });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AiPrayerReply;
    expect(body.crisis).toBe(true);
    for (const part of ["llame al 988 y oprima 2", "AYUDA al 988", "llame al 911", t.deps.church.prayerLinePhone!, "Salmos 34:18, RV1909"]) expect(body.reply).toContain(part);
    // An English member who writes in Spanish gets the answer in English, with the same help.
    const en = (await send(t, m.auth, say("Ya no quiero vivir"))).json() as AiPrayerReply;
    expect(en).toMatchObject({ crisis: true });
    expect(en.reply).toContain("call or text 988");
  });

  it("answers by topic in Spanish, from Spanish or English words, with the Reina-Valera 1909", async () => {
    const m = await t.signUp();
    const { text } = await sendStreamed(t, es(m.auth), say("Mi mamá murió la semana pasada"));
    expect(text).toBe(offlineParagraphs(say("Mi mamá murió").messages as never, "es").join("\n\n"));
    expect(text).toContain("Mateo 5:4, RV1909");
    expect(text).toContain("Amén.");
    expect(pickTopic("Estoy muy preocupada").topic).toBe("anxiety");
    expect(pickTopic("Perdí mi trabajo y no tengo para la renta").topic).toBe("work/finances");
    expect(pickTopic("Cirugía la próxima semana").topic).toBe("health");
    expect(offlineParagraphs(say("I'm so anxious").messages as never, "es")[1]).toContain("Filipenses 4:6, RV1909");
  });
});

describe("the streamed answer (Accept: text/event-stream)", () => {
  it("streams the offline companion: start, the answer in pieces, done", async () => {
    const m = await t.signUp();
    const { events, text } = await sendStreamed(t, m.auth, say("My mother passed away last week"));
    expect(events[0]).toEqual({ event: "start", data: { crisis: false } });
    expect(events.at(-1)).toEqual({ event: "done", data: {} });
    expect(events.filter((e) => e.event === "delta").length).toBeGreaterThan(1);
    expect(text).toBe(offlineParagraphs(say("My mother passed away last week").messages as never).join("\n\n"));
    expect(text).toContain("Matthew 5:4, WEB");
  });

  it("puts the crisis answer first: 988 and the prayer line before anything else", async () => {
    const m = await t.signUp();
    const { events, text } = await sendStreamed(t, m.auth, say("I want to kill myself"));
    expect(events[0]).toEqual({ event: "start", data: { crisis: true } });
    const first = events.find((e) => e.event === "delta");
    expect(first?.event === "delta" && first.data.text).toContain("988");
    expect(text).toContain(t.deps.church.prayerLinePhone!);
  });

  it("validates before streaming: a bad conversation is a 400 JSON answer", async () => {
    const m = await t.signUp();
    const res = await t.app.inject({ method: "POST", url: "/api/ai-prayer/messages", headers: { ...m.auth, accept: "text/event-stream" }, payload: { messages: [] } });
    expect(res.statusCode).toBe(400);
  });
});

// ---------- A local stand-in of an OpenAI-compatible endpoint ----------
type Seen = { url?: string; auth?: string; accept?: string; body?: { model: string; stream?: boolean; messages: { role: string; content: string }[] } };
const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", model: "tiny", choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;

async function standIn(handle: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      const s: Seen = { url: req.url, auth: req.headers.authorization, accept: req.headers.accept, body: JSON.parse(data) };
      seen.push(s);
      handle(req, res, s);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
const sse = (res: http.ServerResponse) => res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the OpenAI-compatible adapter, streamed", () => {
  it("asks for stream: true with the model and key, and yields each piece as it arrives", async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const ai = await standIn(async (_req, res) => {
      sse(res);
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }] })}\n\n`);
      res.write(chunk("Peace "));
      await released; // the rest only after the test has seen the first piece: proof it is not buffered
      const rest = chunk("be with you.") + chunk("", "stop") + "data: [DONE]\n\n";
      res.write(rest.slice(0, 17)); // a chunk split across two network writes
      await wait(20);
      res.end(rest.slice(17));
    });
    try {
      const companion = createOpenAiCompanion({ baseUrl: ai.url, apiKey: "sk-test", model: "tiny" });
      const pieces: string[] = [];
      for await (const piece of companion.stream([{ role: "user", content: "Please pray for my family" }])) {
        pieces.push(piece);
        if (pieces.length === 1) release();
      }
      expect(pieces).toEqual(["Peace ", "be with you."]);
      expect(ai.seen[0]).toMatchObject({ url: "/v1/chat/completions", auth: "Bearer sk-test", accept: "text/event-stream", body: { model: "tiny", stream: true } });
      expect(ai.seen[0].body!.messages[0].role).toBe("system");
      expect(ai.seen[0].body!.messages.at(-1)).toEqual({ role: "user", content: "Please pray for my family" });
    } finally {
      await ai.close();
    }
  });

  it("streams the endpoint's answer through our endpoint, and the crisis rule never reaches the endpoint", async () => {
    const ai = await standIn((_req, res) => {
      sse(res);
      res.end(chunk("Peace be ") + chunk("with you. (Psalm 4:8)") + "data: [DONE]\n\n");
    });
    const app = await createTestApp({ env: { AI_BASE_URL: ai.url, AI_API_KEY: "sk-test", AI_MODEL: "tiny" } });
    try {
      const m = await app.signUp();
      const { events, text } = await sendStreamed(app, m.auth, say("Please pray for my family"));
      expect(events.map((e) => e.event)).toEqual(["start", "delta", "delta", "done"]);
      expect(text).toBe("Peace be with you. (Psalm 4:8)");
      const json = (await send(app, m.auth, say("Please pray for my family"))).json() as AiPrayerReply;
      expect(json).toEqual({ reply: "Peace be with you. (Psalm 4:8)", crisis: false });
      expect(ai.seen).toHaveLength(2);
      expect(ai.seen[0].body!.messages[0].content).not.toContain("Spanish");
      const crisis = await sendStreamed(app, m.auth, say("I want to end my life"));
      expect(crisis.events[0]).toEqual({ event: "start", data: { crisis: true } });
      expect(crisis.text).toContain("988");
      expect(ai.seen).toHaveLength(2);
      // A Spanish-speaking member: the endpoint is told to answer in Spanish; a crisis in Spanish never reaches it.
      await send(app, { ...m.auth, "accept-language": "es" } as never, say("Por favor oren por mi familia"));
      expect(ai.seen).toHaveLength(3);
      expect(ai.seen[2].body!.messages[0]).toMatchObject({ role: "system" });
      expect(ai.seen[2].body!.messages[0].content).toContain("Always answer in Spanish");
      await send(app, { ...m.auth, "accept-language": "es" } as never, say("Quiero quitarme la vida"));
      expect(ai.seen).toHaveLength(3);
    } finally {
      await app.close();
      await ai.close();
    }
  });

  it("keeps what came and adds the offline verse and prayer when the endpoint fails mid-stream", async () => {
    const ai = await standIn(async (_req, res) => {
      sse(res);
      res.write(chunk("Lord, "));
      res.write(chunk("we lift up "));
      await wait(30);
      res.destroy(); // the connection drops mid-answer
    });
    const app = await createTestApp({ env: { AI_BASE_URL: ai.url, AI_MODEL: "tiny" } });
    try {
      const m = await app.signUp();
      const { events, text } = await sendStreamed(app, m.auth, say("I am anxious about my exam"));
      expect(events.at(-1)).toEqual({ event: "done", data: {} });
      expect(text.startsWith("Lord, we lift up ")).toBe(true);
      expect(text).toContain(AI_PRAYER_TEXT.interrupted);
      expect(text).toContain("Philippians 4:6, WEB");
    } finally {
      await app.close();
      await ai.close();
    }
  });

  it("treats an error chunk, a malformed chunk and a stream without an end as failures", async () => {
    const endings = [
      chunk("Hold on ") + `data: ${JSON.stringify({ error: { message: "overloaded", type: "server_error" } })}\n\n`,
      chunk("Hold on ") + "data: {not json\n\n",
      chunk("Hold on "),
    ];
    for (const ending of endings) {
      const ai = await standIn((_req, res) => {
        sse(res);
        res.end(ending);
      });
      try {
        const pieces: string[] = [];
        const run = async () => {
          for await (const p of createOpenAiCompanion({ baseUrl: ai.url, model: "tiny" }).stream([{ role: "user", content: "hi" }])) pieces.push(p);
        };
        await expect(run()).rejects.toBeInstanceOf(AiEndpointError);
        expect(pieces).toEqual(["Hold on "]);
        const errors: unknown[] = [];
        const withFallback = createPrayerCompanion({ baseUrl: ai.url, model: "tiny" }, (e) => errors.push(e));
        let text = "";
        for await (const p of withFallback.stream([{ role: "user", content: "hi" }])) text += p;
        expect(text).toContain(AI_PRAYER_TEXT.interrupted);
        expect(errors).toHaveLength(1);
      } finally {
        await ai.close();
      }
    }
  });

  it("answers offline, with no note, when the endpoint is down, refuses or is too slow", async () => {
    const refusing = await standIn((_req, res) => {
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "unavailable" } }));
    });
    const slow = await standIn(() => undefined); // never answers
    const down = await standIn(() => undefined);
    const downUrl = down.url;
    await down.close(); // nothing listens there any more
    try {
      for (const [url, timeoutMs] of [[refusing.url, 5000], [slow.url, 300], [downUrl, 5000]] as const) {
        const errors: unknown[] = [];
        const companion = createPrayerCompanion({ baseUrl: url, model: "tiny", timeoutMs }, (e) => errors.push(e));
        let text = "";
        for await (const p of companion.stream([{ role: "user", content: "I am grieving my father" }])) text += p;
        expect(text).toBe(offlineParagraphs([{ role: "user", content: "I am grieving my father" }]).join("\n\n"));
        expect(text).not.toContain(AI_PRAYER_TEXT.interrupted);
        expect(errors).toHaveLength(1);
      }
      const app = await createTestApp({ env: { AI_BASE_URL: refusing.url, AI_MODEL: "tiny" } });
      try {
        const m = await app.signUp();
        const { events, text } = await sendStreamed(app, m.auth, say("I am grieving my father"));
        expect(events[0]).toEqual({ event: "start", data: { crisis: false } });
        expect(text).toContain("Matthew 5:4, WEB");
      } finally {
        await app.close();
      }
    } finally {
      await refusing.close();
      await slow.close();
    }
  });

  it("accepts a server that ignores stream and answers one JSON completion", async () => {
    const ai = await standIn((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ id: "x", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: "Grace to you." }, finish_reason: "stop" }] }));
    });
    try {
      const pieces: string[] = [];
      for await (const p of createOpenAiCompanion({ baseUrl: ai.url, model: "tiny" }).stream([{ role: "user", content: "hi" }])) pieces.push(p);
      expect(pieces).toEqual(["Grace to you."]);
    } finally {
      await ai.close();
    }
  });

  it("stops reading the endpoint when the member leaves", async () => {
    let closed!: () => void;
    const upstreamClosed = new Promise<void>((r) => (closed = r));
    const ai = await standIn((req, res) => {
      sse(res);
      res.write(chunk("First "));
      res.on("close", () => closed());
      // ...and then nothing: the member leaves before the rest.
    });
    try {
      const left = new AbortController();
      const errors: unknown[] = [];
      const companion = createPrayerCompanion({ baseUrl: ai.url, model: "tiny" }, (e) => errors.push(e));
      const pieces: string[] = [];
      for await (const p of companion.stream([{ role: "user", content: "hi" }], left.signal)) {
        pieces.push(p);
        left.abort();
      }
      await upstreamClosed;
      expect(pieces).toEqual(["First "]);
      expect(errors).toEqual([]);
    } finally {
      await ai.close();
    }
  });
});
