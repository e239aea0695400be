import type { EmailSender } from "./port";

/**
 * Offline default (SMTP_URL unset): nothing leaves the machine. Every message is already in the
 * email_outbox table, readable by staff; the sender marks it `kept` instead of sending it.
 */
export function createOutboxSender(): EmailSender {
  return {
    kind: "outbox",
    async send() {
      throw new Error("the offline outbox does not send email");
    },
    close() {},
  };
}
