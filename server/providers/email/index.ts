import type { EmailSender } from "./port";
import { createOutboxSender } from "./sandbox";
import { createSmtpSender } from "./smtp";

export function createEmailSender(opts: { smtpUrl?: string; from: string }): EmailSender {
  return opts.smtpUrl ? createSmtpSender(opts.smtpUrl, opts.from) : createOutboxSender();
}
