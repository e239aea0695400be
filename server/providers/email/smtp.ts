import nodemailer from "nodemailer";
import type { EmailSender } from "./port";

/** Real adapter: SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.org). */
export function createSmtpSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      const { sensitive: _s, ...mail } = message;
      await transport.sendMail({ from, ...mail });
    },
  };
}
