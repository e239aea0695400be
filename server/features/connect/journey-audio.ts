/**
 * The devotional read aloud (decision 0033). While the voice AI provider is connected, each
 * day's email carries a Listen link to a recording of that day's devotional. The recording is
 * made once per (sequence, day, content hash) by the first email that needs it and stored in
 * devotional_audio; every other member's email reuses it. Two senders at once: the first
 * claims the row (status 'rendering') and the other waits for it (bounded), so the provider
 * is asked once. A failed recording is retried after AUDIO_RETRY_AFTER_MS, and meanwhile
 * emails go out without the link: the email never waits on, or fails because of, the voice.
 *
 * The link is /api/daily/audio/<token>, where the token is 256 random bits made with the row:
 * it only ever serves a stored recording. Nothing a visitor can put in a URL makes us call
 * the provider, so the link cannot be used to generate arbitrary audio.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { devotionalAudio, integrations } from "../../db/schema/integrations";
import { connectedVoiceProvider } from "../../providers/voice/index";
import { VoiceError, type VoiceProvider } from "../../providers/voice/port";
import { INTEGRATION_TEXT } from "../../../contract/integrations";
import { API } from "../../../contract/api-paths";

/** How long a claim may stay 'rendering' before someone else may take it over. */
export const AUDIO_STALE_MS = 2 * 60_000;
/** A failed recording is tried again by an email sent this long after the failure. */
export const AUDIO_RETRY_AFTER_MS = 10 * 60_000;
/** How long an email waits for another sender's recording. */
export const AUDIO_WAIT_MS = 75_000;

export interface DevotionalDay {
  sequenceKey: string;
  day: number;
  /** The journey's day count ("Day 3 of 7"). */
  totalDays: number;
  title: string;
  verseRef: string | null;
  verseText: string | null;
  content: string;
}

/** What is read aloud: the day, title, verse and the devotional itself. */
export function devotionalScript(d: DevotionalDay): string {
  const verse = d.verseText ? `${d.verseText}${d.verseRef ? ` ${d.verseRef.replace(/\s*\([^)]*\)\s*$/, "")}.` : ""}` : null;
  return [`Day ${d.day} of ${d.totalDays}. ${d.title}.`, verse, d.content].filter(Boolean).join("\n\n");
}

export const audioUrl = (deps: Pick<Deps, "config">, token: string) => `${deps.config.publicUrl}${API.connect.dailyAudio({ token })}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The Listen link for a day's devotional, recording it first if nobody has; null when there is
 * none. With `wait: false` (a member's own request, e.g. enrolment sending day 1) it never
 * waits for the provider: a recording not ready yet is started in the background for the next
 * email, and this one goes without the link.
 */
export async function devotionalAudioUrl(deps: Deps, d: DevotionalDay, opts: { wait: boolean } = { wait: true }): Promise<string | null> {
  const voice = await connectedVoiceProvider(deps);
  if (!voice) return null;
  const text = devotionalScript(d);
  const contentHash = createHash("sha256").update(`${voice.kind}\n${voice.voiceId}\n${voice.modelId}\n${text}`).digest("hex");
  const key = and(eq(devotionalAudio.sequenceKey, d.sequenceKey), eq(devotionalAudio.day, d.day), eq(devotionalAudio.contentHash, contentHash));
  const giveUpAt = Date.now() + AUDIO_WAIT_MS;

  for (;;) {
    const [row] = await deps.db
      .select({ id: devotionalAudio.id, token: devotionalAudio.token, status: devotionalAudio.status, claimedAt: devotionalAudio.claimedAt })
      .from(devotionalAudio)
      .where(key);
    if (row?.status === "ready") return audioUrl(deps, row.token);
    const now = deps.now();
    let claimed: { id: string; token: string } | undefined;
    if (!row) {
      [claimed] = await deps.db
        .insert(devotionalAudio)
        .values({ sequenceKey: d.sequenceKey, day: d.day, contentHash, token: randomBytes(32).toString("base64url"), status: "rendering", claimedAt: now })
        .onConflictDoNothing()
        .returning({ id: devotionalAudio.id, token: devotionalAudio.token });
    } else {
      const age = now.getTime() - row.claimedAt.getTime();
      const retake = (row.status === "rendering" && age > AUDIO_STALE_MS) || (row.status === "failed" && age > AUDIO_RETRY_AFTER_MS);
      if (row.status === "failed" && !retake) return null;
      if (retake) {
        // Conditional on the claim we saw: of two retakers, one wins.
        [claimed] = await deps.db
          .update(devotionalAudio)
          .set({ status: "rendering", claimedAt: now })
          .where(and(eq(devotionalAudio.id, row.id), eq(devotionalAudio.status, row.status), eq(devotionalAudio.claimedAt, row.claimedAt)))
          .returning({ id: devotionalAudio.id, token: devotionalAudio.token });
      }
    }
    if (claimed) {
      const recording = record(deps, voice, text, claimed);
      if (opts.wait) return recording;
      inFlight.add(recording);
      void recording.finally(() => inFlight.delete(recording));
      return null;
    }
    // Someone else is recording it: wait for them, within reason.
    if (!opts.wait || Date.now() > giveUpAt) return null;
    await sleep(400);
  }
}

/** Background recordings started by devotionalAudioUrl({ wait: false }); tests wait for them. */
const inFlight = new Set<Promise<string | null>>();
export const backgroundRecordings = () => Promise.all([...inFlight]);

/** Records the claimed row; never throws (a failure is stored on the row and retried later). */
async function record(deps: Deps, voice: VoiceProvider, text: string, claimed: { id: string; token: string }): Promise<string | null> {
  try {
    const { audio, contentType } = await voice.synthesize(text);
    await deps.db.update(devotionalAudio).set({ status: "ready", audio, contentType, lastError: null }).where(eq(devotionalAudio.id, claimed.id));
    return audioUrl(deps, claimed.token);
  } catch (err) {
    try {
      await deps.db
        .update(devotionalAudio)
        .set({ status: "failed", lastError: err instanceof Error ? err.message : String(err), claimedAt: deps.now() })
        .where(eq(devotionalAudio.id, claimed.id));
      if (err instanceof VoiceError && err.kind === "auth") {
        // The key was revoked: show it on the Integrations page instead of failing every morning.
        await deps.db
          .update(integrations)
          .set({ isActive: false, lastError: INTEGRATION_TEXT.voiceKeyRejected, updatedAt: deps.now() })
          .where(eq(integrations.provider, "voice_ai"));
      }
    } catch {
      /* the claim goes stale and is taken over later */
    }
    return null;
  }
}

/** A stored recording by its link token, or null. */
export async function findDevotionalAudio(deps: Pick<Deps, "db">, token: string) {
  const [row] = await deps.db
    .select({ audio: devotionalAudio.audio, contentType: devotionalAudio.contentType, createdAt: devotionalAudio.createdAt })
    .from(devotionalAudio)
    .where(and(eq(devotionalAudio.token, token), eq(devotionalAudio.status, "ready")));
  return row?.audio ? { audio: row.audio, contentType: row.contentType } : null;
}

/**
 * A single "bytes=a-b" range of `size` bytes (players on phones ask for ranges; Safari will not
 * play audio without them). null: serve the whole body; "unsatisfiable": answer 416.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | "unsatisfiable" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
