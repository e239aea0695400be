/**
 * Sending email (docs/architecture.md, Providers). Features never send: they queue the message in the
 * outbox inside their own transaction (server/shared/email/outbox.ts), and the background
 * sender (server/jobs/email-delivery.ts) hands it to this port. Decision 0101.
 */
/**
 * A file sent with an email (a year-end statement's PDF; decision 0121). Stored with the queued
 * email in `email_attachments` and deleted once it is sent.
 */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Holds a secret (a sign-in or reset link): never shown through the outbox API. */
  sensitive?: boolean;
  /** Extra headers, e.g. a news email's one-click unsubscribe (server/shared/email/unsubscribe.ts). */
  headers?: Record<string, string>;
  /** Files attached (a statement's PDF). */
  attachments?: readonly EmailAttachment[];
}

/** A queued message on its way out: its outbox id becomes the Message-ID, so a resend can be recognised. */
export interface OutgoingEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers stored with the outbox row (List-Unsubscribe ...); null or absent: none. */
  headers?: Record<string, string> | null;
  /** Its files (email_attachments); absent: none. */
  attachments?: readonly EmailAttachment[];
}

/**
 * A failed send. `permanent`: the mail server refused this message for good (a 5xx reply), so
 * it is not tried again; anything else (4xx, timeouts, refused or dropped connections, a
 * rejected login) is temporary and retried with back-off.
 */
export class EmailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = "EmailSendError";
  }
}

export interface EmailSender {
  /** "outbox": no mail server (SMTP_URL unset); queued messages are kept in the table for staff to read, never sent. */
  readonly kind: "outbox" | "smtp";
  /** Throws EmailSendError. Only called for kind "smtp". */
  send(message: OutgoingEmail): Promise<void>;
  /** Closes pooled connections (shutdown). */
  close(): void;
}
