/**
 * Integrations (/integrations, spec sections 2, 4, 6, 7, 8 and 9): the CRM (Go High Level,
 * connected through its sign-in in a popup) and the voice AI provider (ElevenLabs, connected
 * with an API key). Staff only: everyone else sees 'Admin Access Required', and the list is
 * fetched only for staff.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { AlertTriangle, AudioLines, CircleHelp, ContactRound, FlaskConical, KeyRound, Loader2, Plug, ShieldAlert, Unplug } from "lucide-react";
import {
  OAUTH_POPUP,
  PROVIDER_INFO,
  ZVoiceConnect,
  type Integration,
  type IntegrationProvider,
  type VoiceConnectInput,
} from "@contract/integrations";
import { isStaff } from "@contract/roles";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { shortDate } from "@/lib/format";
import { tr, useI18n } from "@/lib/i18n";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { browserPopupEnv, openOAuthPopup, watchOAuthPopup } from "./oauth-popup";
import { ghlAuthorizeUrl, refreshIntegrations, useIntegrations, useRemoveIntegration, useTestIntegration, useVoiceConnect } from "./api";

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ICONS: Record<IntegrationProvider, typeof ContactRound> = { ghl: ContactRound, voice_ai: AudioLines };

/** Connect for the CRM: popup open (blank, inside the click), authorize, watch it, then refresh the list 1 s after it closed. */
function useGhlConnect() {
  const T = useI18n().m.integrations;
  const [connecting, setConnecting] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const name = PROVIDER_INFO.ghl.name;
  const fail = (err: unknown) => toast({ title: T.connectFailedTitle, description: errorText(err) || T.connectFailedFallback(name), variant: "destructive" });

  function connect() {
    const env = browserPopupEnv();
    let popup: ReturnType<typeof openOAuthPopup>;
    try {
      popup = openOAuthPopup(env, "koinonia-ghl-oauth");
    } catch (err) {
      fail(err);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setConnecting(true);
    void (async () => {
      try {
        let authUrl: string;
        try {
          ({ authUrl } = await ghlAuthorizeUrl());
        } catch (err) {
          popup.close();
          throw err;
        }
        popup.location.href = authUrl;
        const { message } = await watchOAuthPopup(popup, env, controller.signal);
        await delay(OAUTH_POPUP.refreshDelayMs);
        const list = await refreshIntegrations();
        const connected = list.some((i) => i.provider === "ghl" && i.isActive);
        if (connected && message?.ok !== false) toast({ title: T.connectedTitle, description: T.connectedText(name) });
        else throw new Error(message?.message ?? "");
      } catch (err) {
        if (!controller.signal.aborted) fail(err);
      } finally {
        if (!controller.signal.aborted) setConnecting(false);
      }
    })();
  }
  return { connect, connecting };
}

function VoiceConnectDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { m } = useI18n();
  const T = m.integrations;
  const form = useForm<VoiceConnectInput>({ resolver: zodResolver(ZVoiceConnect), defaultValues: { apiKey: "" } });
  useEffect(() => {
    if (open) form.reset({ apiKey: "" });
  }, [open, form]);
  const name = PROVIDER_INFO.voice_ai.name;
  const save = useVoiceConnect({
    onSuccess: () => {
      toast({ title: T.connectedTitle, description: T.connectedText(name) });
      onOpenChange(false);
    },
    onError: (err) => {
      const message = errorText(err);
      // The server answers in the member's language (English when it is English).
      if (message && tr(message) === T.voiceKeyRejected) form.setError("apiKey", { message });
      toast({ title: T.connectFailedTitle, description: message || T.connectFailedFallback(name), variant: "destructive" });
    },
  });
  const error = form.formState.errors.apiKey?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.connectNamed(name)}</DialogTitle>
          <DialogDescription>{T.voiceDialogText}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit((d) => save.mutate(d))} className="grid gap-4">
          <FormField id="voice-api-key" label={T.voiceKeyLabel} error={error}>
            <Input
              id="voice-api-key"
              type="password"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={!!error}
              aria-describedby={error ? "voice-api-key-error" : undefined}
              {...form.register("apiKey")}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
              {save.isPending ? T.connecting : T.connect}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function IntegrationCard({ provider, item }: { provider: IntegrationProvider; item: Integration | undefined }) {
  const T = useI18n().m.integrations;
  const info = PROVIDER_INFO[provider];
  const text = T.providers[provider];
  const Icon = ICONS[provider];
  const connected = !!item?.isActive;
  const ghl = useGhlConnect();
  const [voiceOpen, setVoiceOpen] = useState(false);
  const test = useTestIntegration(provider, {
    onSuccess: (res) => toast({ title: T.testOkTitle, description: res.message }),
    onError: (err) => toast({ title: T.testFailedTitle, description: errorText(err) || T.testFailedFallback, variant: "destructive" }),
  });
  const remove = useRemoveIntegration({
    onSuccess: () => toast({ title: T.removedTitle, description: T.removedText }),
    onError: (err) => toast({ title: T.removeFailedTitle, description: errorText(err) || T.removeFailedFallback, variant: "destructive" }),
  });
  const connecting = provider === "ghl" && ghl.connecting;

  return (
    <Card data-testid={`integration-${provider}`}>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
            <Icon className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <CardTitle>{text.title}</CardTitle>
            <div className="mt-1">
              {connected ? <Badge variant="success">{T.connected}</Badge> : <Badge variant="secondary">{T.notConnected}</Badge>}
            </div>
          </div>
        </div>
        <CardDescription className="pt-1 text-base">{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="flex flex-wrap gap-2" aria-label={T.capabilitiesOf(info.name)}>
          {text.capabilities.map((c) => (
            <li key={c} className="rounded-full border border-border px-3 py-1 text-sm">
              {c}
            </li>
          ))}
        </ul>
        {item && (
          <dl className="grid gap-1.5 rounded-md bg-muted/60 p-3 text-sm">
            <Fact label={T.connectedOn}>{shortDate(new Date(item.createdAt))}</Fact>
            {item.accountName && <Fact label={provider === "ghl" ? T.location : T.account}>{item.accountName}</Fact>}
            {item.sync && (
              <Fact label={T.contactSync}>
                {T.syncCounts(item.sync.sent, item.sync.pending, item.sync.failed)}
              </Fact>
            )}
          </dl>
        )}
        {item && !item.isActive && item.lastError && (
          <p role="alert" className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" /> {tr(item.lastError)}
          </p>
        )}
        {item?.sync?.failed ? (
          <p className="text-sm text-muted-foreground">
            {T.lastSyncProblem} <span className="break-words">{tr(item.sync.lastError)}</span>
          </p>
        ) : null}
        <div className="grid gap-2">
          {connected && item ? (
            <Button variant="outline" className="w-full" disabled={test.isPending} onClick={() => test.mutate()}>
              {test.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FlaskConical aria-hidden="true" />}
              {test.isPending ? T.testing : T.testConnection}
            </Button>
          ) : (
            <Button className="w-full" disabled={connecting} onClick={() => (provider === "ghl" ? ghl.connect() : setVoiceOpen(true))}>
              {connecting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plug aria-hidden="true" />}
              {connecting ? T.connecting : T.connect}
            </Button>
          )}
          {item && (
            <ConfirmDialog
              trigger={
                <Button variant="ghost" className="w-full text-destructive" disabled={remove.isPending}>
                  <Unplug aria-hidden="true" /> {remove.isPending ? T.disconnecting : T.disconnect}
                </Button>
              }
              title={T.disconnectConfirm(info.name)}
              description={provider === "ghl" ? T.disconnectGhlWarning : T.disconnectVoiceWarning}
              confirmLabel={T.disconnect}
              cancelLabel={T.cancel}
              onConfirm={() => remove.mutate(item.id)}
            />
          )}
        </div>
      </CardContent>
      {provider === "voice_ai" && <VoiceConnectDialog open={voiceOpen} onOpenChange={setVoiceOpen} />}
    </Card>
  );
}

function HelpSection() {
  const { m } = useI18n();
  const T = m.integrations;
  const help: { q: string; a: string }[] = [
    { q: T.helpConnectingQ, a: T.helpConnectingA },
    { q: T.helpCrmQ, a: T.helpCrmA(m.prayer.shareWithCareTeam) },
    { q: T.helpVoiceQ, a: T.helpVoiceA },
    { q: T.helpTroubleQ, a: T.helpTroubleA },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CircleHelp className="size-5 text-primary" aria-hidden="true" /> {T.needHelp}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          {help.map((h) => (
            <div key={h.q}>
              <dt className="font-semibold">{h.q}</dt>
              <dd className="text-muted-foreground">{h.a}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function IntegrationsList() {
  const T = useI18n().m.integrations;
  const list = useIntegrations();
  if (list.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-3 pt-5 text-center">
          <p role="alert" className="text-muted-foreground">
            {T.loadFailed}
          </p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {T.tryAgain}
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="grid gap-4">
      {(["ghl", "voice_ai"] as const).map((p) => (
        <IntegrationCard key={p} provider={p} item={list.data.find((i) => i.provider === p)} />
      ))}
    </div>
  );
}

export default function IntegrationsPage() {
  const { user } = useAuth();
  const T = useI18n().m.integrations;
  if (!user || !isStaff(user.role)) {
    return (
      <Card>
        <CardContent className="flex items-start gap-3 pt-5">
          <ShieldAlert className="mt-0.5 size-6 shrink-0 text-destructive" aria-hidden="true" />
          <div role="alert">
            <p className="font-semibold">{T.accessTitle}</p>
            <p>{T.accessText}</p>
          </div>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="grid gap-5">
      <div>
        <h1 className="text-2xl font-bold">{T.pageTitle}</h1>
        <p className="text-muted-foreground">{T.pageIntro}</p>
      </div>
      <IntegrationsList />
      <HelpSection />
    </div>
  );
}
