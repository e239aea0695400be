/**
 * /giving/update-card?token=… (issue 19, decision 0121): the page the "your recurring gift has
 * stopped" email links to, signed in or not (the link is the key). It shows the stopped gift
 * and takes a new card (the Give form's payment step); the gift then continues on its next
 * date, and the missed gift is not charged. A used or expired link says so.
 */
import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { CheckCircle2, CircleAlert } from "lucide-react";
import { EMPTY_PAYMENT_FORM } from "@contract/giving-form";
import { formatCents } from "@contract/money";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { useAuth } from "@/lib/auth";
import { calendarDate } from "@/lib/format";
import { toast } from "@/components/ui/use-toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { PaymentStep } from "./payment-step";
import { useCardUpdateGift, useUpdateCard } from "./api";

function Notice({ ok, children }: { ok: boolean; children: React.ReactNode }) {
  const { m } = useI18n();
  const Icon = ok ? CheckCircle2 : CircleAlert;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5">
        <div className="flex items-start gap-3">
          <Icon className={ok ? "mt-0.5 size-6 shrink-0 text-primary" : "mt-0.5 size-6 shrink-0 text-destructive"} aria-hidden="true" />
          <p className="text-base" role={ok ? "status" : "alert"}>
            {children}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href="/giving">{m.statements.updateCardBack}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export default function UpdateCardPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { m } = useI18n();
  const t = m.statements;
  const gift = useCardUpdateGift(token);
  const [, navigate] = useLocation();
  const [done, setDone] = useState<string | null>(null);
  const update = useUpdateCard({
    onSuccess: (answer) => setDone(answer.nextPaymentDate),
    onError: (err) => toast({ title: t.updateCardTitle, description: errorText(err), variant: "destructive" }),
  });

  let body: React.ReactNode;
  if (done) body = <Notice ok>{t.updateCardDone(calendarDate(done))}</Notice>;
  else if (!token || gift.isError) body = <Notice ok={false}>{(gift.error && errorText(gift.error)) || t.linkInvalid}</Notice>;
  else if (!gift.data) body = <Spinner />;
  else {
    const g = gift.data;
    body = (
      <>
        <Card>
          <CardContent className="grid gap-2 pt-5">
            <p>{t.updateCardIntro(formatCents(g.amountCents), m.giving.frequencyWord[g.frequency], g.fundName)}</p>
            <p className="text-sm text-muted-foreground">{t.updateCardCard(`${g.cardBrand[0]?.toUpperCase() ?? ""}${g.cardBrand.slice(1)} •••• ${g.cardLastFour}`)}</p>
            <p className="text-sm">{t.updateCardNext}</p>
          </CardContent>
        </Card>
        <PaymentStep
          amountCents={g.amountCents}
          feeCents={g.feeCents}
          fundName={g.fundName}
          isRecurring
          frequency={g.frequency}
          defaultValues={{ ...EMPTY_PAYMENT_FORM, firstName: g.firstName, lastName: g.lastName, email: g.email }}
          pending={update.isPending}
          onBack={() => navigate("/giving")}
          onSubmit={(values) => update.mutate({ token, ...values })}
          title={t.updateCardFormTitle}
          submitLabel={t.updateCardSubmit}
        />
      </>
    );
  }
  // Signed in, the app's shell already holds the page's main landmark.
  const Wrapper = useAuth().user ? "div" : "main";
  return (
    <Wrapper className="mx-auto grid w-full max-w-[480px] gap-4 p-4">
      <h1 className="text-2xl font-bold">{t.updateCardTitle}</h1>
      {body}
    </Wrapper>
  );
}
