import nodemailer from "nodemailer";
import type { EmailSender } from "./port";

/** Real adapter: SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.org). */
export function createSmtpSender(smtpUrl: string, from: string): EmailSender {
  // Bounded waits: a receipt is sent while the member waits for their gift's answer, and a
  // stalled mail server must not hold a request (or a job) for nodemailer's default minutes.
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    kind: "smtp",
    async send(message) {
      const { sensitive: _s, ...mail } = message;
      await transport.sendMail({ from, ...mail });
    },
  };
}
