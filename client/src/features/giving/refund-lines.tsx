/**
 * A gift's refunds as the ledger and the donor page show them (decision 0119): what was refunded,
 * and apart from it what is still pending at the gateway (issue 19): a pending refund is never
 * shown as done. Each wraps within a narrow column, so the donor's name and the gift's line beside
 * it keep their room on a phone.
 */
import { formatCents } from "@contract/money";
import type { LedgerGift } from "@contract/giving-funds";
import { useI18n } from "@/lib/i18n";

export function RefundLines({ gift: g, testId }: { gift: Pick<LedgerGift, "refundedCents" | "pendingRefundCents">; testId: string }) {
  const r = useI18n().m.refunds;
  const done = g.refundedCents - g.pendingRefundCents;
  return (
    <>
      {done > 0 && (
        <p className="ml-auto max-w-36 text-xs font-medium text-destructive" data-testid={`${testId}-refunded`}>
          {r.refunded(formatCents(done))}
        </p>
      )}
      {g.pendingRefundCents > 0 && (
        <p className="ml-auto max-w-36 text-xs font-medium text-amber-700 dark:text-amber-400" data-testid={`${testId}-refund-pending`}>
          {r.refundPending(formatCents(g.pendingRefundCents))}
        </p>
      )}
    </>
  );
}
