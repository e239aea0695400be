/**
 * The voice AI provider (ElevenLabs) against a local stand-in: connect with an API key (checked,
 * stored sealed), Test Connection, Disconnect, and its use: the daily journey email's Listen
 * link to the day's devotional, recorded once per day's content and served from a link that
 * needs no sign-in and cannot make us record anything.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { fakeMp3, startElevenLabsStandIn, STAND_IN_VOICE_ID, type ElevenLabsStandIn } from "../../testing/elevenlabs-stand-in";
import { devotionalAudio, integrations } from "../../db/schema/integrations";
import { emailOutbox } from "../../db/schema/platform";
import { sessions } from "../../db/schema/users";
import { seedJourneyContent } from "../../seed/connect";
import { runDailyJourney } from "../../jobs/daily-journey";
import { INTEGRATION_TEXT, type Integration } from "../../../contract/integrations";
import { VOICE_KEY_CONTEXT } from "../../providers/voice/index";
import { AUDIO_RETRY_AFTER_MS, backgroundRecordings, parseRange } from "../connect/journey-audio";

let fixed: Date | null = null;
const now = () => fixed ?? new Date();
const at = (iso: string) => {
  fixed = new Date(iso);
};

let voice: ElevenLabsStandIn;
let t: TestApp;
let staff: Awaited<ReturnType<TestApp["signUp"]>>;
beforeAll(async () => {
  voice = await startElevenLabsStandIn();
  t = await createTestApp({ now, env: voice.env() });
  await seedJourneyContent(t.db);
  staff = await t.signUp("PASTOR");
  // The tests move the app's clock years ahead: keep the pastor signed in.
  await t.db.update(sessions).set({ expiresAt: new Date("2100-01-01T00:00:00Z") }).where(eq(sessions.userId, staff.user.id));
  await t.authSettled(); // the session cache hears of the new expiry
});
afterAll(async () => {
  await t.close();
  await voice.close();
});
beforeEach(() => {
  fixed = null;
});

type Auth = { authorization: string };
const connectVoice = (apiKey: string, auth: Auth = staff.auth) => t.app.inject({ method: "POST", url: "/api/integrations/voice_ai/connect", headers: auth, payload: { apiKey } });
const testVoice = () => t.app.inject({ method: "POST", url: "/api/integrations/voice_ai/test", headers: staff.auth });
const list = async () => (await t.app.inject({ method: "GET", url: "/api/integrations", headers: staff.auth })).json() as Integration[];
const voiceRow = async () => (await list()).find((i) => i.provider === "voice_ai");
async function disconnect() {
  const row = await voiceRow();
  if (row) expect((await t.app.inject({ method: "DELETE", url: `/api/integrations/${row.id}`, headers: staff.auth })).statusCode).toBe(204);
}
const emailsTo = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
const listenLink = (html: string) => /href="(http[^"]+\/api\/daily\/audio\/[\w-]+)"/.exec(html)?.[1] ?? null;
const pathOf = (url: string) => new URL(url).pathname;

describe("connect, test, disconnect", () => {
  it("refuses an empty or wrong key (nothing stored), and reports ElevenLabs being down", async () => {
    let res = await connectVoice("   ");
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toEqual({ path: "body.apiKey", message: INTEGRATION_TEXT.voiceKeyRequired });
    res = await connectVoice("xi-wrong-key");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(INTEGRATION_TEXT.voiceKeyRejected);
    voice.failNext("/v1/user", 503);
    res = await connectVoice("xi-test-key");
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe(INTEGRATION_TEXT.voiceUnreachable);
    expect(await t.db.select().from(integrations)).toHaveLength(0);
  });

  it("answers a Spanish-speaking staff member in Spanish (the key's validation and ElevenLabs' refusal)", async () => {
    const es = { ...staff.auth, "accept-language": "es-MX,es;q=0.9" };
    let res = await t.app.inject({ method: "POST", url: "/api/integrations/voice_ai/connect", headers: es, payload: { apiKey: " " } });
    expect(res.json().issues[0]).toEqual({ path: "body.apiKey", message: "La clave de API es obligatoria" });
    res = await t.app.inject({ method: "POST", url: "/api/integrations/voice_ai/connect", headers: es, payload: { apiKey: "x".repeat(201) } });
    expect(res.json().issues[0].message).toBe("La clave de API es demasiado larga");
    res = await t.app.inject({ method: "POST", url: "/api/integrations/voice_ai/connect", headers: es, payload: { apiKey: "xi-wrong-key" } });
    expect(res.json().error).toBe("ElevenLabs no aceptó esta clave de API. Revísela e inténtelo de nuevo.");
    expect(await t.db.select().from(integrations)).toHaveLength(0);
  });

  it("connects with a valid key stored sealed, tests it, and disconnects", async () => {
    const res = await connectVoice("xi-test-key");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ provider: "voice_ai", isActive: true, accountName: "Grace, creator plan", sync: null });
    const [row] = await t.db.select().from(integrations).where(eq(integrations.provider, "voice_ai"));
    expect(row.accessTokenSealed).not.toContain("xi-test-key");
    expect(JSON.stringify(await t.db.execute(sql`select row_to_json(i)::text from integrations i`))).not.toContain("xi-test-key");
    expect(t.deps.secrets.open(row.accessTokenSealed, VOICE_KEY_CONTEXT)).toBe("xi-test-key");
    expect(JSON.stringify(await list())).not.toContain("xi-test-key");

    const before = voice.state.userRequests;
    const test = await testVoice();
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().message).toContain("ElevenLabs");
    expect(voice.state.userRequests).toBe(before + 1);

    await disconnect();
    expect(await voiceRow()).toBeUndefined();
    expect((await testVoice()).statusCode).toBe(404);
  });

  it("a key revoked at ElevenLabs fails the test and shows as not active", async () => {
    voice.state.apiKeys.add("xi-soon-revoked");
    expect((await connectVoice("xi-soon-revoked")).statusCode).toBe(201);
    voice.state.apiKeys.delete("xi-soon-revoked");
    const res = await testVoice();
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe(INTEGRATION_TEXT.voiceKeyRejected);
    expect(await voiceRow()).toMatchObject({ isActive: false, lastError: INTEGRATION_TEXT.voiceKeyRejected });
    // Connecting again with a good key replaces it.
    expect((await connectVoice("xi-test-key")).statusCode).toBe(201);
    expect(await voiceRow()).toMatchObject({ isActive: true, lastError: null });
    await disconnect();
  });
});

describe("the Listen link in the daily journey email", () => {
  it("records each day's devotional once, links every member's email to it, and serves it without sign-in", async () => {
    at("2031-05-05T14:00:00Z");
    const members = await Promise.all(Array.from({ length: 3 }, () => t.signUp()));
    for (const m of members) expect((await t.app.inject({ method: "POST", url: "/api/daily/enroll", headers: m.auth, payload: { sequenceKey: "SCRIPTURES_14" } })).statusCode).toBe(201);
    // Not connected: no link, no recording.
    for (const m of members) expect(listenLink((await emailsTo(m.user.email))[0].html)).toBeNull();
    expect(voice.state.ttsRequests).toHaveLength(0);

    expect((await connectVoice("xi-test-key")).statusCode).toBe(201);
    const second = await createTestApp({ now, env: voice.env(), sameDatabaseAs: t.databaseUrl ? { databaseUrl: t.databaseUrl } : { database: t.database } });
    (second.deps as { secrets: unknown }).secrets = t.deps.secrets;
    try {
      at("2031-05-06T11:00:00Z"); // 07:00 in Orlando, day 2
      await Promise.all([runDailyJourney(t.deps), runDailyJourney(second.deps)]);
    } finally {
      await second.close();
    }
    // One recording for day 2, whatever the number of members and schedulers.
    expect(voice.state.ttsRequests).toHaveLength(1);
    const tts = voice.state.ttsRequests[0];
    expect(tts).toMatchObject({ voiceId: STAND_IN_VOICE_ID, modelId: "eleven_multilingual_v2", outputFormat: "mp3_44100_128" });
    expect(tts.text).toContain("Day 2 of 14. Trust Him With Your Path.");
    expect(tts.text).not.toContain("(WEB)");

    const links = new Set<string>();
    for (const m of members) {
      const [mail] = await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, m.user.email), like(emailOutbox.subject, "Day 2%")));
      const link = listenLink(mail.html);
      expect(link).not.toBeNull();
      expect(mail.text).toContain(`Listen to today's devotional: ${link}`);
      links.add(link!);
    }
    expect(links.size).toBe(1);
    const [link] = [...links];
    expect(link.startsWith(`${t.deps.config.publicUrl}/api/daily/audio/`)).toBe(true);

    // Served from the link with no bearer token; ranges for phone players.
    const audio = await t.app.inject({ method: "GET", url: pathOf(link) });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toBe("audio/mpeg");
    expect(audio.headers["accept-ranges"]).toBe("bytes");
    expect(audio.rawPayload.equals(fakeMp3(tts.text))).toBe(true);
    const part = await t.app.inject({ method: "GET", url: pathOf(link), headers: { range: "bytes=0-99" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${fakeMp3(tts.text).length}`);
    expect(part.rawPayload.equals(fakeMp3(tts.text).subarray(0, 100))).toBe(true);
    expect((await t.app.inject({ method: "GET", url: pathOf(link), headers: { range: "bytes=999999-" } })).statusCode).toBe(416);

    // The link cannot be bent into a request for other audio: unknown or malformed tokens are 404/400, and nothing is recorded.
    expect((await t.app.inject({ method: "GET", url: `/api/daily/audio/${"A".repeat(43)}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/daily/audio/../../integrations" })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject({ method: "GET", url: "/api/daily/audio/hello?text=say-anything" })).statusCode).toBe(400);
    expect(voice.state.ttsRequests).toHaveLength(1);

    // The next day: one more recording. Another member enrolling gets the cached day 1 only once it exists.
    at("2031-05-07T11:00:00Z");
    await runDailyJourney(t.deps);
    expect(voice.state.ttsRequests.map((r) => r.text.slice(0, 12))).toEqual(["Day 2 of 14.", "Day 3 of 14."]);

    const late = await t.signUp();
    expect((await t.app.inject({ method: "POST", url: "/api/daily/enroll", headers: late.auth, payload: { sequenceKey: "SCRIPTURES_14" } })).statusCode).toBe(201);
    // Enrolment does not wait for the recording: this day-1 email goes without the link, and day 1 is recorded in the background.
    expect(listenLink((await emailsTo(late.user.email))[0].html)).toBeNull();
    await backgroundRecordings();
    expect(voice.state.ttsRequests.at(-1)!.text).toContain("Day 1 of 14.");
    const later = await t.signUp();
    await t.app.inject({ method: "POST", url: "/api/daily/enroll", headers: later.auth, payload: { sequenceKey: "SCRIPTURES_14" } });
    expect(listenLink((await emailsTo(later.user.email))[0].html)).not.toBeNull();
    expect(voice.state.ttsRequests).toHaveLength(3);

    // Disconnected: emails go without the link; the recordings already sent keep working.
    await disconnect();
    at("2031-05-08T11:00:00Z");
    await runDailyJourney(t.deps);
    const [day4] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, members[0].user.email), like(emailOutbox.subject, "Day 4%")));
    expect(listenLink(day4.html)).toBeNull();
    expect(voice.state.ttsRequests).toHaveLength(3);
    expect((await t.app.inject({ method: "GET", url: pathOf(link) })).statusCode).toBe(200);
  });

  it("a failed recording never holds the email back, and is tried again later", async () => {
    expect((await connectVoice("xi-test-key")).statusCode).toBe(201);
    at("2031-06-01T14:00:00Z");
    const m = await t.signUp();
    await t.app.inject({ method: "POST", url: "/api/daily/enroll", headers: m.auth, payload: { sequenceKey: "AFFIRMATIONS_14" } });
    await backgroundRecordings();
    voice.failNext("/v1/text-to-speech/", 500);
    at("2031-06-02T11:00:00Z");
    await runDailyJourney(t.deps);
    const day2 = (await emailsTo(m.user.email)).find((x) => x.subject.startsWith("Day 2"))!;
    expect(day2).toBeDefined();
    expect(listenLink(day2.html)).toBeNull();
    const failed = await t.db.select().from(devotionalAudio).where(and(eq(devotionalAudio.sequenceKey, "AFFIRMATIONS_14"), eq(devotionalAudio.day, 2)));
    expect(failed).toMatchObject([{ status: "failed" }]);
    expect(failed[0].lastError).toContain("500");

    // A member enrolled a day later gets day 2 after the retry pause: recorded then.
    const m2 = await t.signUp();
    at("2031-06-02T12:00:00Z");
    await t.app.inject({ method: "POST", url: "/api/daily/enroll", headers: m2.auth, payload: { sequenceKey: "AFFIRMATIONS_14" } });
    at(new Date(fixed!.getTime() + 86_400_000).toISOString());
    await runDailyJourney(t.deps);
    expect(fixed!.getTime() - failed[0].claimedAt.getTime()).toBeGreaterThan(AUDIO_RETRY_AFTER_MS);
    const ready = await t.db.select().from(devotionalAudio).where(and(eq(devotionalAudio.sequenceKey, "AFFIRMATIONS_14"), eq(devotionalAudio.day, 2)));
    expect(ready).toMatchObject([{ status: "ready" }]);
    const m2day2 = (await emailsTo(m2.user.email)).find((x) => x.subject.startsWith("Day 2"))!;
    expect(listenLink(m2day2.html)).not.toBeNull();
    await disconnect();
  });

  it("parses byte ranges", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=5-2", 100)).toBe("unsatisfiable");
    expect(parseRange("items=0-1", 100)).toBeNull();
  });
});
