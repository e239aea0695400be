/**
 * Local stand-ins for a mail server, for the outbox's tests, built on smtp-server (the SMTP
 * server library of the nodemailer project). Each listens on 127.0.0.1, port 0:
 *   ok       accepts every message
 *   stall    accepts the TCP connection and never says hello (a hung provider)
 *   flaky    answers "451 try again later" to each recipient's first three attempts, then accepts
 *   reject   answers "550 mailbox unavailable" to every recipient
 *   slow     accepts every message, but answers the end of each one after `delayMs` (a busy
 *            provider). A message whose connection closes before that answer (its sender was
 *            killed) is discarded, as a real server does with a transaction it never confirmed;
 *            one confirmed is kept, whatever the sender does next
 * and refusedSmtpUrl() gives an address where nothing listens (connection refused).
 * `received` lists what was accepted, with the Message-ID, so a test can check that each
 * email arrived exactly once. Nothing here is used by the app itself.
 */
import net from "node:net";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type SmtpStandInMode = "ok" | "stall" | "flaky" | "reject" | "slow";

export interface ReceivedMail {
  to: string[];
  messageId: string | null;
  subject: string | null;
  /** The message's header block, as received (unfolded lines). */
  head: string;
  /** The whole message as received (headers and body, attachments encoded as sent). */
  raw: string;
  at: number;
}

export interface SmtpStandIn {
  url: string;
  received: ReceivedMail[];
  /** Every RCPT TO seen, accepted or not. */
  attempts: Map<string, number>;
  close(): Promise<void>;
}

const withCode = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

export async function startSmtpStandIn(mode: SmtpStandInMode, opts: { delayMs?: number } = {}): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const closed = new Set<string>();
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      if (mode === "stall") return; // the greeting never comes
      callback();
    },
    onRcptTo(address, _session, callback) {
      const n = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, n);
      if (mode === "reject") return callback(withCode("5.1.1 Mailbox unavailable", 550));
      if (mode === "flaky" && n <= 3) return callback(withCode("4.7.0 Try again later", 451));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.split(/\r?\n\r?\n/)[0];
        const header = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "im").exec(head)?.[1].trim() ?? null;
        const accept = () => {
          if (closed.has(session.id)) return; // never confirmed: discarded
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId: header("Message-ID"), subject: header("Subject"), head: head.replace(/\r?\n[ \t]+/g, " "), raw, at: Date.now() });
          callback();
        };
        if (mode === "slow") setTimeout(accept, opts.delayMs ?? 200);
        else accept();
      });
    },
    onClose(session) {
      closed.add(session.id);
    },
  });
  // A sender that goes away mid-conversation (a test kills one with SIGKILL) resets its
  // connection: smtp-server reports that as an 'error' event, which with no listener would be an
  // uncaught exception in the test process. A mail server shrugs it off; so does this one.
  server.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "ECONNRESET" && err.code !== "EPIPE") console.error("smtp stand-in:", err);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts,
    close: () =>
      new Promise<void>((resolve) => {
        // Stalled connections never end by themselves: close them.
        for (const c of server.connections) c.close();
        server.close(() => resolve());
      }),
  };
}

/** An smtp:// address on a port where nothing listens: every connection is refused. */
export async function refusedSmtpUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}
