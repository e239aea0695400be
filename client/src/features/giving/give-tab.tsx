import { useRef, useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { GiveResponse, PaymentForm, PaymentFormInput } from "@contract/giving";
import { EMPTY_PAYMENT_FORM, amountInputToCents, toGiveRequest } from "@contract/giving-form";
import { thankYouDescription } from "@contract/giving-text";
import type { RoundUpSetting } from "@contract/wallet";
import { apiJson, errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { queryClient } from "@/lib/query-client";
import { toast } from "@/components/ui/use-toast";
import { AmountStep, EMPTY_AMOUNT, GiveHeading, type AmountValues } from "./amount-step";
import { PaymentStep } from "./payment-step";
import { RecurringDonations } from "./recurring-donations";
import { RecentGiving } from "./recent-giving";
import { ROUNDUP_KEY, refreshGiving } from "./api";
import { keepKeyAfter, keyFor, type KeyState } from "./idempotency-key";
import { useI18n } from "@/lib/i18n";

/**
 * The Give tab (spec sections 2 and 4): amount selection, then the payment form, then success,
 * which resets to amount selection with amount 0. Back keeps every value. Below the form: the
 * member's recurring gifts and recent giving.
 */
export function GiveTab() {
  const { user } = useAuth();
  const { m } = useI18n();
  const g = m.giving;
  const [step, setStep] = useState<"amount" | "payment">("amount");
  const [amount, setAmount] = useState<AmountValues>(EMPTY_AMOUNT);
  const prefill = (): PaymentFormInput => ({ ...EMPTY_PAYMENT_FORM, firstName: user?.firstName ?? "", lastName: user?.lastName ?? "", email: user?.email ?? "" });
  const [payment, setPayment] = useState<PaymentFormInput>(prefill);
  const keyState = useRef<KeyState | null>(null);

  const roundUp = useQuery<RoundUpSetting>({ queryKey: ROUNDUP_KEY });
  const saveRoundUp = useMutation({
    mutationFn: (isEnabled: boolean) => apiJson<RoundUpSetting>("POST", "/api/roundup/enable", { isEnabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ROUNDUP_KEY, saved);
      setAmount((a) => ({ ...a, roundUp: null }));
      toast({ title: g.roundUp.savedTitle, description: g.roundUp.savedDescription });
    },
    onError: (err) => toast({ title: g.roundUpSaveFailed, description: errorText(err), variant: "destructive" }),
  });

  const cents = amountInputToCents(amount.amount);

  const give = useMutation({
    mutationFn: async (form: PaymentForm) => {
      const body = toGiveRequest(cents, amount.isRecurring, amount.frequency, form);
      keyState.current = keyFor(keyState.current, JSON.stringify(body));
      return apiJson<GiveResponse>("POST", amount.isRecurring ? "/api/giving/recurring" : "/api/giving/one-time", body, {
        "Idempotency-Key": keyState.current.key,
      });
    },
    onSuccess: () => {
      keyState.current = null;
      toast({ title: g.thankYou, description: thankYouDescription(cents, amount.isRecurring, amount.frequency, g), duration: 5000 });
      setAmount({ ...EMPTY_AMOUNT });
      setPayment(prefill());
      setStep("amount");
      void refreshGiving();
    },
    onError: (err) => {
      if (!keepKeyAfter(err)) keyState.current = null;
      const answered = err instanceof Error && /^\d{3}: /.test(err.message);
      toast({
        title: g.paymentFailedTitle,
        // Network failures have no server answer: say so, and that a retry will not charge twice.
        description: answered ? (errorText(err) ?? g.paymentFailedFallback) : g.noAnswer,
        variant: "destructive",
      });
      // A decline is recorded as a FAILED attempt in Recent Giving.
      void refreshGiving();
    },
  });

  function toPayment() {
    // The round-up toggle is saved at submit, and only when it differs from the stored setting (spec section 4).
    const stored = roundUp.data?.isEnabled;
    if (amount.roundUp !== null && stored !== undefined && amount.roundUp !== stored) saveRoundUp.mutate(amount.roundUp);
    setStep("payment");
    window.scrollTo({ top: 0 });
  }

  return (
    <div className="grid gap-5">
      {step === "amount" ? (
        <>
          <GiveHeading />
          <AmountStep values={amount} onChange={setAmount} storedRoundUp={roundUp.data?.isEnabled} onSubmit={toPayment} />
        </>
      ) : (
        <PaymentStep
          amountCents={cents}
          isRecurring={amount.isRecurring}
          frequency={amount.frequency}
          defaultValues={payment}
          pending={give.isPending}
          onBack={(values) => {
            setPayment(values);
            setStep("amount");
          }}
          onSubmit={(values, raw) => {
            setPayment(raw);
            give.mutate(values);
          }}
        />
      )}
      {step === "amount" && (
        <>
          <RecurringDonations />
          <RecentGiving />
        </>
      )}
    </div>
  );
}
