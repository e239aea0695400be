import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema/platform";
import type { EmailSender } from "./port";

/** Offline default: every message lands in the email_outbox table, readable by staff. */
export function createOutboxSender(db: Db): EmailSender {
  return {
    kind: "outbox",
    async send(message) {
      await db.insert(emailOutbox).values(message);
    },
  };
}
