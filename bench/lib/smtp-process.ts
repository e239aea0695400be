/**
 * The SMTP stand-in (server/testing/smtp-stand-in.ts, mode "ok") in a process of its own, so the
 * load generator in the bench process does not slow the mail server down (or the reverse).
 * Prints its URL as the first line; answers an IPC "count" message with the messages received
 * and the distinct Message-IDs among them.
 */
import { startSmtpStandIn } from "../../server/testing/smtp-stand-in";

const smtp = await startSmtpStandIn("ok");
process.stdout.write(`${smtp.url}\n`);
process.on("message", (msg) => {
  if (msg === "count") process.send!({ received: smtp.received.length, distinct: new Set(smtp.received.map((m) => m.messageId)).size });
});
process.on("disconnect", () => {
  void smtp.close().then(() => process.exit(0));
});
