/**
 * The payment form's rules (contract/giving.ts, ZPaymentForm: the same the server applies),
 * fetched with zod once Give & Manage has painted, not before it (decision 0072). The amount
 * step starts the fetch, so the rules are there long before the payment step's first submit.
 */
import type { PaymentForm, PaymentFormInput } from "@contract/giving";
import { lazyResolver } from "@/lib/lazy-resolver";

export const paymentResolver = lazyResolver<PaymentFormInput, PaymentForm>(() =>
  Promise.all([import("@hookform/resolvers/zod"), import("@contract/giving")]).then(([{ zodResolver }, { ZPaymentForm }]) => zodResolver(ZPaymentForm)),
);
