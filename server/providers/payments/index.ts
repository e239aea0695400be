import type { PaymentGateway } from "./port";
import { createSandboxGateway } from "./sandbox";

/** Picks the card gateway by config. Only the sandbox exists so far (a real Authorize.Net adapter is issue 5's next step). */
export function createPaymentGateway(opts: { now: () => Date }): PaymentGateway {
  return createSandboxGateway(opts.now);
}
