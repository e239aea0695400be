/**
 * Admin → Church (OWNER and PASTOR; issue 18): the church profile members see (name, look,
 * logo, address and contact, time zone, service times, links, YouTube channel), checked by the
 * same rules as the server (contract/church.ts, ZChurchForm) and saved in one PATCH. The logo
 * is uploaded on its own (the server re-encodes it). Saving refetches the church, so every
 * screen that shows it follows at once.
 */
import { useMemo, useRef } from "react";
import { useFieldArray, useForm, type FieldError } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Church as ChurchIcon, Clock, FileText, ImageUp, Link2, MapPin, Plus, Save, Trash2 } from "lucide-react";
import type { z } from "zod";
import {
  CHURCH_LINK_KEYS,
  CHURCH_TEXT,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  SERVICE_DAYS,
  ZChurchForm,
  churchFormValues,
  type ChurchFormValues,
} from "@contract/church";
import { errorText } from "@/lib/api";
import { useChurch } from "@/lib/auth";
import { useI18n, tr } from "@/lib/i18n";
import { weekdayName } from "@/lib/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { useRemoveLogo, useUpdateChurch, useUploadLogo } from "./api";

const selectClass = "min-h-11 w-full rounded-md border border-input bg-card px-3 text-base text-foreground aria-[invalid=true]:border-destructive";

/** Every time zone the browser knows, with the church's own first if the list lacks it (UTC on some browsers). */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

function LogoCard() {
  const church = useChurch();
  const { m } = useI18n();
  const t = m.churchAdmin;
  const input = useRef<HTMLInputElement>(null);
  const failed = (err: Error) => toast({ title: t.logoFailed, description: errorText(err), variant: "destructive" });
  const upload = useUploadLogo({ onSuccess: () => toast({ title: t.logoSaved }), onError: failed });
  const remove = useRemoveLogo({ onSuccess: () => toast({ title: t.logoRemoved }), onError: failed });
  const choose = (file: File | undefined) => {
    if (!file) return;
    // The server decides (it decodes the image); these only spare a pointless upload.
    if (file.size > LOGO_MAX_BYTES) return toast({ title: t.logoFailed, description: tr(CHURCH_TEXT.logoTooLarge), variant: "destructive" });
    if (file.type && !(LOGO_TYPES as readonly string[]).includes(file.type)) return toast({ title: t.logoFailed, description: tr(CHURCH_TEXT.logoNotImage), variant: "destructive" });
    upload.mutate(file);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ImageUp className="size-5 text-primary" aria-hidden="true" /> {t.logo}
        </CardTitle>
        <CardDescription>{t.logoHint}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        <img src={church.logoUrl} alt={t.logoAlt} width={72} height={72} className="size-18 shrink-0 rounded-full border border-border bg-muted object-contain" />
        <div className="grid min-w-0 flex-1 gap-2">
          <input
            ref={input}
            type="file"
            accept={LOGO_TYPES.join(",")}
            className="sr-only"
            id="church-logo-file"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
          <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
            <ImageUp aria-hidden="true" /> {upload.isPending ? t.uploading : t.uploadLogo}
          </Button>
          {church.logoVersion && (
            <Button type="button" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
              <Trash2 aria-hidden="true" /> {t.removeLogo}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function Section({ icon: Icon, title, hint, children }: { icon: typeof Clock; title: string; hint?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-primary" aria-hidden="true" /> {title}
        </CardTitle>
        {hint && <CardDescription>{hint}</CardDescription>}
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">{children}</CardContent>
    </Card>
  );
}

export function ChurchAdminTab() {
  const church = useChurch();
  const { m, locale } = useI18n();
  const t = m.churchAdmin;
  const defaults = useMemo(() => churchFormValues(church), [church]);
  const form = useForm<ChurchFormValues, unknown, z.output<typeof ZChurchForm>>({
    resolver: zodResolver(ZChurchForm) as never,
    defaultValues: defaults,
    values: defaults,
    resetOptions: { keepDirtyValues: false },
  });
  const times = useFieldArray({ control: form.control, name: "serviceTimes" });
  const save = useUpdateChurch({
    onSuccess: () => toast({ title: t.saved }),
    onError: (err) => toast({ title: t.saveFailed, description: errorText(err), variant: "destructive" }),
  });
  const { errors } = form.formState;
  const zones = useMemo(() => timeZones(church.timeZone), [church.timeZone]);
  const accent = form.watch("accentColor");

  /** A registered input with its id and its error linked for screen readers. */
  const field = (name: Parameters<typeof form.register>[0], error?: FieldError) => {
    const id = `church-${name.replace(/\./g, "-")}`;
    return { id, "aria-invalid": !!error, "aria-describedby": error ? `${id}-error` : undefined, ...form.register(name) };
  };
  const F = ({ name, label, error, children }: { name: string; label: string; error?: FieldError; children: React.ReactNode }) => (
    <FormField id={`church-${name.replace(/\./g, "-")}`} label={label} error={error?.message}>
      {children}
    </FormField>
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <p className="text-muted-foreground">{t.intro}</p>
      <LogoCard />
      <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <Section icon={ChurchIcon} title={t.identity}>
          {F({ name: "name", label: t.name, error: errors.name, children: <Input autoComplete="organization" {...field("name", errors.name)} /> })}
          {F({ name: "shortName", label: t.shortName, error: errors.shortName, children: <Input maxLength={12} placeholder={church.name.split(/\s+/)[0]} {...field("shortName", errors.shortName)} /> })}
          <p className="-mt-2 text-sm text-muted-foreground">{t.shortNameHint}</p>
          {F({ name: "mission", label: t.mission, error: errors.mission, children: <Textarea rows={3} {...field("mission", errors.mission)} /> })}
          {F({
            name: "accentColor",
            label: t.accentColor,
            error: errors.accentColor,
            children: (
              <div className="flex items-center gap-3">
                <input
                  type="color"
                  aria-label={t.accentPicker}
                  value={/^#[0-9a-f]{6}$/i.test(accent) ? accent : "#000000"}
                  onChange={(e) => form.setValue("accentColor", e.target.value.toUpperCase(), { shouldDirty: true, shouldValidate: true })}
                  className="h-11 w-14 shrink-0 cursor-pointer rounded-md border border-input bg-card p-1"
                />
                <Input className="min-w-0 font-mono uppercase" maxLength={7} {...field("accentColor", errors.accentColor)} />
              </div>
            ),
          })}
        </Section>

        <Section icon={MapPin} title={t.contact}>
          {F({ name: "address.street", label: t.street, error: errors.address?.street, children: <Input autoComplete="street-address" {...field("address.street", errors.address?.street)} /> })}
          <div className="grid grid-cols-2 gap-3 [&>*]:min-w-0">
            {F({ name: "address.city", label: t.city, error: errors.address?.city, children: <Input {...field("address.city", errors.address?.city)} /> })}
            {F({ name: "address.state", label: t.state, error: errors.address?.state, children: <Input {...field("address.state", errors.address?.state)} /> })}
          </div>
          {F({ name: "address.zip", label: t.zip, error: errors.address?.zip, children: <Input inputMode="numeric" {...field("address.zip", errors.address?.zip)} /> })}
          {F({ name: "prayerLinePhone", label: t.prayerLine, error: errors.prayerLinePhone, children: <Input type="tel" inputMode="tel" {...field("prayerLinePhone", errors.prayerLinePhone)} /> })}
          {F({ name: "phone", label: t.phone, error: errors.phone, children: <Input type="tel" inputMode="tel" {...field("phone", errors.phone)} /> })}
          {F({ name: "email", label: t.email, error: errors.email, children: <Input type="email" inputMode="email" {...field("email", errors.email)} /> })}
        </Section>

        <Section icon={Clock} title={t.serviceTimes} hint={t.timeZoneHint}>
          {F({
            name: "timeZone",
            label: t.timeZone,
            error: errors.timeZone,
            children: (
              <select className={selectClass} {...field("timeZone", errors.timeZone)}>
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z.replace(/_/g, " ")}
                  </option>
                ))}
              </select>
            ),
          })}
          {F({ name: "serviceLengthMinutes", label: t.serviceLength, error: errors.serviceLengthMinutes, children: <Input type="number" inputMode="numeric" min={15} max={480} step={5} {...field("serviceLengthMinutes", errors.serviceLengthMinutes)} /> })}
          {times.fields.length === 0 && <p className="rounded-md border border-dashed border-border p-4 text-muted-foreground">{t.noServiceTimes}</p>}
          <ol className="grid gap-3">
            {times.fields.map((row, i) => {
              const e = errors.serviceTimes?.[i];
              return (
                <li key={row.id} className="grid gap-3 rounded-lg border border-border p-3" aria-label={`${t.serviceTimes} ${i + 1}`}>
                  <div className="-my-1 flex items-center justify-between gap-2">
                    <span className="text-sm font-semibold text-muted-foreground">{i + 1}</span>
                    <Button type="button" variant="ghost" size="icon" aria-label={t.removeServiceTime(i + 1)} onClick={() => times.remove(i)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  <div className="grid grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] gap-2">
                    {F({
                      name: `serviceTimes.${i}.day`,
                      label: t.day,
                      error: e?.day,
                      children: (
                        <select className={`${selectClass} px-2`} {...field(`serviceTimes.${i}.day`, e?.day)}>
                          {SERVICE_DAYS.map((d) => (
                            <option key={d} value={d}>
                              {locale === "en" ? d : weekdayName(d, locale)}
                            </option>
                          ))}
                        </select>
                      ),
                    })}
                    {F({ name: `serviceTimes.${i}.time`, label: t.time, error: e?.time, children: <Input type="time" step={300} className="px-2" {...field(`serviceTimes.${i}.time`, e?.time)} /> })}
                  </div>
                  <div className="grid grid-cols-2 gap-2 [&>*]:min-w-0">
                    {F({ name: `serviceTimes.${i}.name`, label: t.serviceName, error: e?.name, children: <Input {...field(`serviceTimes.${i}.name`, e?.name)} /> })}
                    {F({ name: `serviceTimes.${i}.nameEs`, label: t.serviceNameEs, error: e?.nameEs, children: <Input lang="es" {...field(`serviceTimes.${i}.nameEs`, e?.nameEs)} /> })}
                  </div>
                </li>
              );
            })}
          </ol>
          <Button type="button" variant="outline" onClick={() => times.append({ day: "Sundays", time: "10:00", name: "", nameEs: "" })}>
            <Plus aria-hidden="true" /> {t.addServiceTime}
          </Button>
        </Section>

        <Section icon={Link2} title={t.links}>
          {CHURCH_LINK_KEYS.map((k) =>
            F({
              name: `links.${k}`,
              label: t.linkLabels[k],
              error: errors.links?.[k],
              children: <Input type="url" inputMode="url" placeholder="https://" {...field(`links.${k}`, errors.links?.[k])} />,
            }),
          )}
          {F({ name: "youtubeChannelId", label: t.youtubeChannelId, error: errors.youtubeChannelId, children: <Input className="font-mono" placeholder="UC…" {...field("youtubeChannelId", errors.youtubeChannelId)} /> })}
          <p className="-mt-2 text-sm text-muted-foreground">{t.youtubeHint}</p>
        </Section>

        <Section icon={FileText} title={t.statementSection} hint={t.statementHint}>
          {F({ name: "legalName", label: t.legalName, error: errors.legalName, children: <Input autoComplete="organization" placeholder={church.name} {...field("legalName", errors.legalName)} /> })}
          {F({ name: "legalAddress", label: t.legalAddress, error: errors.legalAddress, children: <Textarea rows={3} {...field("legalAddress", errors.legalAddress)} /> })}
          {F({ name: "taxStatement", label: t.taxStatement, error: errors.taxStatement, children: <Textarea rows={3} {...field("taxStatement", errors.taxStatement)} /> })}
          {F({ name: "taxStatementEs", label: t.taxStatementEs, error: errors.taxStatementEs, children: <Textarea rows={3} lang="es" {...field("taxStatementEs", errors.taxStatementEs)} /> })}
          <p className="-mt-2 text-sm text-muted-foreground">{t.taxStatementHint}</p>
        </Section>

        <div className="sticky bottom-20 z-10">
          <Button type="submit" className="w-full shadow-md" disabled={save.isPending}>
            <Save aria-hidden="true" /> {save.isPending ? m.common.saving : t.save}
          </Button>
        </div>
      </form>
    </div>
  );
}
