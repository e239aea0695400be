/**
 * The voice AI provider (spec: provider value voice_ai): text-to-speech for the daily
 * devotional. ElevenLabs, connected by staff with an API key (stored sealed). No sandbox: while
 * it is not connected, journey emails simply carry no Listen link.
 */
export type VoiceErrorKind = "auth" | "rejected" | "retryable";

export class VoiceError extends Error {
  constructor(
    message: string,
    readonly kind: VoiceErrorKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = "VoiceError";
  }
}

export interface VoiceProvider {
  readonly kind: "elevenlabs";
  /** Voice and model: part of a recording's identity (a new voice records afresh). */
  readonly voiceId: string;
  readonly modelId: string;
  /** Checks the key with a real call; returns a name staff recognise for the account. */
  verify(): Promise<{ accountName: string }>;
  synthesize(text: string): Promise<{ audio: Buffer; contentType: string }>;
}
