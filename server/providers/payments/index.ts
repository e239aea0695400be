import type { Config } from "../../config";
import type { PaymentGateway } from "./port";
import { createSandboxGateway } from "./sandbox";
import { createAuthorizeNetGateway } from "./authorize-net";

/** Picks the card gateway by config: PAYMENTS_PROVIDER=sandbox (default) or authorize_net. */
export function createPaymentGateway(opts: { config: Config; churchName: string; now: () => Date }): PaymentGateway {
  const p = opts.config.payments;
  if (p.provider === "authorize_net") {
    return createAuthorizeNetGateway({
      apiLoginId: p.authorizeNet.apiLoginId!,
      transactionKey: p.authorizeNet.transactionKey!,
      endpoint: p.authorizeNet.endpoint,
      description: `Gift to ${opts.churchName}`,
    });
  }
  return createSandboxGateway(opts.now);
}
