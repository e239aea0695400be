import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { EmailSender } from "./providers/email/port";
import type { PaymentGateway } from "./providers/payments/port";
import type { Church } from "../contract/church";
import type { EventBus } from "./events/bus";

/** What every feature may use. buildApp() receives it; tests build it the same way as main.ts. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  email: EmailSender;
  /** Card payments (sandbox gateway unless configured otherwise). */
  payments: PaymentGateway;
  /** Live events: publish() reaches every SSE client of every instance. */
  bus: EventBus;
  /** The church profile, cached in memory (it changes only at start, from the config file). */
  church: Church;
  /** Injectable clock for tests of time-dependent rules. */
  now: () => Date;
}
