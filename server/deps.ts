import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { EmailSender } from "./providers/email/port";
import type { PaymentGateway } from "./providers/payments/port";
import type { BankProvider } from "./providers/bank/port";
import type { Church } from "../contract/church";
import type { EventBus } from "./events/bus";
import type { SecretBox } from "./security/secret-box";
import type { PushSender } from "./providers/push/port";

/** What every feature may use. buildApp() receives it; tests build it the same way as main.ts. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  email: EmailSender;
  /** Card payments (sandbox gateway unless configured otherwise). */
  payments: PaymentGateway;
  /** Bank link and card purchases for round-ups (sandbox bank unless Plaid is configured). */
  bank: BankProvider;
  /** Live events: publish() reaches every SSE client of every instance. */
  bus: EventBus;
  /**
   * The church profile, kept in memory equal to the database's row: staff change it on Admin →
   * Church, and every instance updates this same object in place (shared/church-profile.ts,
   * decision 0106). Read it when a value is needed; never copy a field of it at start.
   */
  church: Church;
  /** Encrypts secrets at rest (tokens, API keys) with the key from config. */
  secrets: SecretBox;
  /** Web Push (VAPID keys from config or generated once in the database). */
  push: PushSender;
  /** Injectable clock for tests of time-dependent rules. */
  now: () => Date;
}
