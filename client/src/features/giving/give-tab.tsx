import { useRef, useState } from "react";
import type { PaymentForm, PaymentFormInput } from "@contract/giving";
import { EMPTY_PAYMENT_FORM, amountInputToCents, toGiveRequest } from "@contract/giving-form";
import { thankYouDescription } from "@contract/giving-text";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { toast } from "@/components/ui/use-toast";
import { AmountStep, EMPTY_AMOUNT, GiveHeading, type AmountValues } from "./amount-step";
import { PaymentStep } from "./payment-step";
import { RecurringDonations } from "./recurring-donations";
import { RecentGiving } from "./recent-giving";
import { useGive, useProcessingFee } from "./api";
import { useFunds } from "@/lib/funds";
import { coverFeeCents } from "@contract/giving-fee";
import { keepKeyAfter, keyFor, type KeyState } from "./idempotency-key";
import { useI18n } from "@/lib/i18n";

/**
 * The Give tab (spec sections 2 and 4): amount selection, then the payment form, then success,
 * which resets to amount selection with amount 0. Back keeps every value. Below the form: the
 * member's recurring gifts and recent giving. The round-up setting is the wallet's: the Give &
 * Manage screen hands in the stored value and the way to save a change (app/pages/giving-page.tsx).
 */
export function GiveTab({ storedRoundUp, saveRoundUp }: { storedRoundUp: boolean | undefined; saveRoundUp: (isEnabled: boolean, onSaved: () => void) => void }) {
  const { user } = useAuth();
  const { m, locale } = useI18n();
  const g = m.giving;
  const funds = useFunds(locale).data;
  const fee = useProcessingFee().data;
  const [step, setStep] = useState<"amount" | "payment">("amount");
  const [amount, setAmount] = useState<AmountValues>(EMPTY_AMOUNT);
  const prefill = (): PaymentFormInput => ({ ...EMPTY_PAYMENT_FORM, firstName: user?.firstName ?? "", lastName: user?.lastName ?? "", email: user?.email ?? "" });
  const [payment, setPayment] = useState<PaymentFormInput>(prefill);
  const keyState = useRef<KeyState | null>(null);


  const cents = amountInputToCents(amount.amount);
  // The fee the form shows is the fee sent: the server computes it again and refuses a different one.
  const feeCents = fee && amount.coverFee ? coverFeeCents(cents, fee) : 0;

  const give = useGive({
    onSuccess: () => {
      keyState.current = null;
      toast({ title: g.thankYou, description: thankYouDescription(cents, amount.isRecurring, amount.frequency, g), duration: 5000 });
      setAmount({ ...EMPTY_AMOUNT });
      setPayment(prefill());
      setStep("amount");
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
    },
  });
  const submit = (form: PaymentForm) => {
    const body = toGiveRequest(cents, amount.isRecurring, amount.frequency, form, { fundId: amount.fundId, feeCents });
    keyState.current = keyFor(keyState.current, JSON.stringify(body));
    give.mutate({ body, isRecurring: amount.isRecurring, idempotencyKey: keyState.current.key });
  };

  function toPayment() {
    // The round-up toggle is saved at submit, and only when it differs from the stored setting (spec section 4).
    if (amount.roundUp !== null && storedRoundUp !== undefined && amount.roundUp !== storedRoundUp) {
      saveRoundUp(amount.roundUp, () => setAmount((a) => ({ ...a, roundUp: null })));
    }
    setStep("payment");
    window.scrollTo({ top: 0 });
  }

  return (
    <div className="grid gap-5">
      {step === "amount" ? (
        <>
          <GiveHeading />
          <AmountStep values={amount} onChange={setAmount} storedRoundUp={storedRoundUp} funds={funds} fee={fee} onSubmit={toPayment} />
        </>
      ) : (
        <PaymentStep
          amountCents={cents}
          feeCents={feeCents}
          fundName={funds && funds.length > 1 ? funds.find((x) => x.id === amount.fundId)?.name ?? funds.find((x) => x.isDefault)?.name : undefined}
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
            submit(values);
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
