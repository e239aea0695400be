/** Sending email. The sandbox writes to the outbox table; SMTP sends for real (docs/architecture.md, Providers). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Holds a secret (a sign-in or reset link): never shown through the outbox API. */
  sensitive?: boolean;
}

export interface EmailSender {
  readonly kind: "outbox" | "smtp";
  send(message: EmailMessage): Promise<void>;
}
