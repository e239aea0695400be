import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, UserPlus } from "lucide-react";
import { VISITOR_HEARD_OPTIONS, ZVisitorInput, type VisitorData, type VisitorInput } from "@contract/visitors";
import { errorText } from "@/lib/api";
import { useChurch } from "@/lib/auth";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";
import { useSendVisitorCard } from "./api";

const EMPTY: VisitorInput = { name: "", email: "", phone: "", heardFrom: "" as VisitorInput["heardFrom"], prayerRequest: "" };

function VisitorForm({ onDone }: { onDone: () => void }) {
  const { m } = useI18n();
  const t = m.visitorForm;
  const form = useForm<VisitorInput, unknown, VisitorData>({ resolver: zodResolver(ZVisitorInput), defaultValues: EMPTY });
  const submit = useSendVisitorCard({
    onSuccess: onDone,
    onError: (err) => toast({ title: t.errorTitle, description: errorText(err) ?? t.failed, variant: "destructive" }),
  });
  const { errors } = form.formState;
  const field = (name: keyof VisitorInput) => ({
    id: `visitor-${name}`,
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `visitor-${name}-error` : undefined,
    ...form.register(name),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((d) => submit.mutate(d))} className="grid gap-4">
      <FormField id="visitor-name" label={t.name} error={errors.name?.message}>
        <Input autoComplete="name" {...field("name")} />
      </FormField>
      <FormField id="visitor-email" label={t.email} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...field("email")} />
      </FormField>
      <FormField id="visitor-phone" label={t.phone} error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" inputMode="tel" {...field("phone")} />
      </FormField>
      <FormField id="visitor-heardFrom" label={t.heardFrom} error={errors.heardFrom?.message}>
        <select {...field("heardFrom")} className="min-h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground">
          <option value="">{t.chooseOne}</option>
          {VISITOR_HEARD_OPTIONS.map((o) => (
            <option key={o} value={o}>
              {t.heard[o]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="visitor-prayerRequest" label={t.prayer} error={errors.prayerRequest?.message}>
        <Textarea rows={3} {...field("prayerRequest")} />
      </FormField>
      <Button type="submit" disabled={submit.isPending} className="w-full">
        {submit.isPending ? m.common.sending : t.send}
      </Button>
    </form>
  );
}

/** /visitors for a signed-in member (inside the app's shell). */
export default function VisitorsPage() {
  const church = useChurch();
  return <VisitorsScreen churchName={church.name} external={church.links.visitorsForm} />;
}

/**
 * The church's own first-time visitor card, or its configured external form in a frame. A
 * visitor needs no account (POST /api/visitors is public): signed out, app/pages/public-visitors-page
 * shows it with the church's public name and link.
 */
export function VisitorsScreen({ churchName, external }: { churchName: string; external?: string | null }) {
  const t = useI18n().m.visitorForm;
  const [done, setDone] = useState(false);
  return (
    <div className="grid gap-5">
      <h1 className="text-3xl font-bold">{t.welcome}</h1>
      {external ? (
        // The CSP's frame-src lists this form's origin, taken from the church config (server/http/security-headers.ts).
        <iframe title={t.frameTitle} src={external} className="min-h-[70dvh] w-full rounded-lg border border-border bg-card" />
      ) : done ? (
        <Card role="status">
          <CardContent className="grid justify-items-center gap-2 pt-6 text-center">
            <CheckCircle2 className="size-10 text-primary" aria-hidden="true" />
            <h2 className="text-xl font-semibold">{t.thanksTitle}</h2>
            <p className="text-muted-foreground">{t.thanksText}</p>
            <Button variant="outline" className="mt-2" onClick={() => setDone(false)}>
              {t.sendAnother}
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <UserPlus className="size-5 text-primary" aria-hidden="true" /> {t.firstTime}
            </CardTitle>
            <CardDescription>{t.letUsKnow(churchName)}</CardDescription>
          </CardHeader>
          <CardContent>
            <VisitorForm onDone={() => setDone(true)} />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
