import type { ReactNode } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { CreditCard, MapPin, UserRound } from "lucide-react";
import type { Frequency, PaymentForm, PaymentFormInput } from "@contract/giving";
import { CARD_NUMBER_MAX_LENGTH, formatCardNumberInput } from "@contract/giving-form";
import { paymentButtonLabel } from "@contract/giving-text";
import { formatCents } from "@contract/money";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { useI18n } from "@/lib/i18n";
import { useLazyResolver } from "@/lib/lazy-resolver";
import { paymentResolver } from "./payment-resolver";

type FieldName = keyof PaymentFormInput;

/**
 * The payment step (spec section 2): contact, payment and billing sections with the spec's
 * validation messages (contract/giving.ts, the same rules the server applies), the card number
 * grouped in fours, '← Back' (the values are kept) and the submit button, which reads
 * 'Processing...' while the gift is sent.
 */
export function PaymentStep({
  amountCents,
  feeCents = 0,
  fundName,
  isRecurring,
  frequency,
  defaultValues,
  pending,
  onBack,
  onSubmit,
  title,
  submitLabel,
}: {
  amountCents: number;
  /** The processing fee the giver covers (0: none): shown beside the gift; the card is charged both. */
  feeCents?: number;
  /** The fund chosen, when the church has more than one. */
  fundName?: string;
  isRecurring: boolean;
  frequency: Frequency;
  defaultValues: PaymentFormInput;
  pending: boolean;
  onBack: (values: PaymentFormInput) => void;
  onSubmit: (values: PaymentForm, raw: PaymentFormInput) => void;
  /** Another heading and submit label (a stopped gift's card update, decision 0121). */
  title?: string;
  submitLabel?: string;
}) {
  const form = useForm<PaymentFormInput, unknown, PaymentForm>({ resolver: useLazyResolver(paymentResolver), defaultValues });
  const { errors } = form.formState;
  const { m } = useI18n();
  const g = m.giving;

  /** A text field with its label, message and the input behaviour of spec section 5. */
  const field = (name: FieldName, label: string, input: Partial<Parameters<typeof Input>[0]> & { registered?: UseFormRegisterReturn } = {}) => {
    const id = `pay-${name}`;
    const error = errors[name]?.message;
    const { registered, ...props } = input;
    return (
      <FormField id={id} label={label} error={error}>
        <Input id={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} {...props} {...(registered ?? form.register(name))} />
      </FormField>
    );
  };
  const digitsOnly = (name: FieldName) =>
    form.register(name, {
      onChange: (e: { target: HTMLInputElement }) => {
        const clean = e.target.value.replace(/\D/g, "");
        if (clean !== e.target.value) form.setValue(name, clean, { shouldValidate: form.formState.isSubmitted });
      },
    });

  return (
    <form
      noValidate
      aria-label={g.paymentForm}
      onSubmit={form.handleSubmit((values) => onSubmit(values, form.getValues()))}
      className="grid gap-4"
    >
      <div className="grid gap-1 text-center">
        <h2 className="text-2xl font-bold">{title ?? (isRecurring ? g.completeRecurringGift : g.completeGift)}</h2>
        <p className="text-3xl font-bold text-primary" data-testid="payment-amount">
          {formatCents(amountCents)}
        </p>
        {isRecurring && <p className="text-muted-foreground">{g.every[frequency]}</p>}
        {fundName && <p className="text-muted-foreground" data-testid="payment-fund">{fundName}</p>}
        {feeCents > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="payment-fee">
            {m.funds.feeCovered(formatCents(feeCents))} · {m.funds.chargedTotal(formatCents(amountCents + feeCents))}
          </p>
        )}
      </div>

      <Section icon={<UserRound className="size-5 text-primary" aria-hidden="true" />} title={g.contactInformation}>
        <div className="grid grid-cols-2 items-start gap-3">
          {field("firstName", g.firstName, { autoComplete: "given-name" })}
          {field("lastName", g.lastName, { autoComplete: "family-name" })}
        </div>
        {field("email", m.common.email, { type: "email", autoComplete: "email", inputMode: "email" })}
        {field("phone", g.phone, { type: "tel", autoComplete: "tel", inputMode: "tel" })}
      </Section>

      <Section icon={<CreditCard className="size-5 text-primary" aria-hidden="true" />} title={g.paymentInformation}>
        {field("cardNumber", g.cardNumber, {
          autoComplete: "cc-number",
          inputMode: "numeric",
          maxLength: CARD_NUMBER_MAX_LENGTH,
          placeholder: "1234 5678 9012 3456",
          registered: form.register("cardNumber", {
            onChange: (e: { target: HTMLInputElement }) => {
              const formatted = formatCardNumberInput(e.target.value);
              // After a first submit, messages follow the formatted value (as they do for typed values).
              if (formatted !== e.target.value) form.setValue("cardNumber", formatted, { shouldValidate: form.formState.isSubmitted });
            },
          }),
        })}
        <div className="grid grid-cols-3 items-start gap-3">
          {field("expMonth", g.month, { autoComplete: "cc-exp-month", inputMode: "numeric", maxLength: 2, placeholder: "MM", registered: digitsOnly("expMonth") })}
          {field("expYear", g.year, { autoComplete: "cc-exp-year", inputMode: "numeric", maxLength: 4, placeholder: g.yearPlaceholder, registered: digitsOnly("expYear") })}
          {field("cvv", g.cvv, { autoComplete: "cc-csc", inputMode: "numeric", maxLength: 4, placeholder: "123", registered: digitsOnly("cvv") })}
        </div>
      </Section>

      <Section icon={<MapPin className="size-5 text-primary" aria-hidden="true" />} title={g.billingAddress}>
        {field("address", g.address, { autoComplete: "street-address" })}
        {field("city", g.city, { autoComplete: "address-level2" })}
        <div className="grid grid-cols-2 items-start gap-3">
          {field("state", g.state, {
            autoComplete: "address-level1",
            maxLength: 2,
            placeholder: "FL",
            className: "uppercase",
          })}
          {field("zip", g.zip, { autoComplete: "postal-code", inputMode: "numeric", maxLength: 10 })}
        </div>
      </Section>

      <div className="grid grid-cols-[auto_1fr] gap-3">
        <Button type="button" variant="outline" onClick={() => onBack(form.getValues())} disabled={pending}>
          {g.back}
        </Button>
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? g.processing : (submitLabel ?? paymentButtonLabel(amountCents, isRecurring, g))}
        </Button>
      </div>
    </form>
  );
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}
