import type { Db } from "../../db/client";
import type { EmailSender } from "./port";
import { createOutboxSender } from "./sandbox";
import { createSmtpSender } from "./smtp";

export function createEmailSender(opts: { db: Db; smtpUrl?: string; from: string }): EmailSender {
  return opts.smtpUrl ? createSmtpSender(opts.smtpUrl, opts.from) : createOutboxSender(opts.db);
}
