import nodemailer from "nodemailer";
import { EmailSendError, type EmailSender } from "./port";

export interface SmtpOptions {
  /** Waits, in ms. Only the background sender waits on them (never a member's request), but a stalled server must not hold a batch for nodemailer's default minutes. */
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
  /** Connections kept open to the mail server, each sending message after message. */
  maxConnections?: number;
}

const DEFAULTS = { connectionTimeoutMs: 10_000, greetingTimeoutMs: 10_000, socketTimeoutMs: 30_000, maxConnections: 5 } satisfies Required<SmtpOptions>;

/**
 * Temporary or permanent. A 5xx reply refuses this message for good (nodemailer's own rule,
 * which keeps 503 "bad sequence" temporary); 4xx replies, timeouts and connection errors are
 * temporary. A refused login (EAUTH) is about our account, not the message: temporary, so the
 * queue goes out once the operator fixes SMTP_URL.
 */
export function toEmailSendError(err: unknown): EmailSendError {
  const e = err as { message?: string; code?: string; responseCode?: number; permanent?: boolean; response?: string };
  const message = (e.response ?? e.message ?? String(err)).slice(0, 500);
  const code = typeof e.responseCode === "number" ? e.responseCode : undefined;
  const permanent = e.code !== "EAUTH" && code !== undefined && (e.permanent ?? code >= 500);
  return new EmailSendError(e.code && !message.includes(e.code) ? `${e.code}: ${message}` : message, permanent, code);
}

/** Real adapter: SMTP through a pooled nodemailer transport (SMTP_URL, e.g. smtps://user:pass@smtp.example.org). */
export function createSmtpSender(smtpUrl: string, from: string, options: SmtpOptions = {}): EmailSender {
  const o = { ...DEFAULTS, ...options };
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: o.maxConnections,
    maxMessages: 100,
    url: smtpUrl,
    connectionTimeout: o.connectionTimeoutMs,
    greetingTimeout: o.greetingTimeoutMs,
    socketTimeout: o.socketTimeoutMs,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "koinonia.local";
  return {
    kind: "smtp",
    async send(message) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.headers ? { headers: message.headers } : {}),
          ...(message.attachments?.length ? { attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })) } : {}),
          // The outbox row's id: a copy sent twice (a sender that died between sending and
          // recording) carries the same Message-ID, which mail systems use to drop duplicates.
          messageId: `<${message.id}@${domain}>`,
        });
      } catch (err) {
        throw toEmailSendError(err);
      }
    },
    close() {
      transport.close();
    },
  };
}
