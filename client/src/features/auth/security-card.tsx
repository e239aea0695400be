/**
 * Profile → Sign-in and security (issue 20): change password (the other devices are signed
 * out), change email (a link to the new address confirms it; the pending address shows until
 * then), and the devices signed in, each with Sign out, and Sign out all other devices.
 */
import { useState } from "react";
import { Laptop, LogOut, ShieldCheck, Smartphone } from "lucide-react";
import { PASSWORD_MIN, AUTH_TEXT } from "@contract/auth-text";
import type { DeviceSession } from "@contract/account-security";
import { errorText } from "@/lib/api";
import { tr, useI18n } from "@/lib/i18n";
import { formatCommentTime } from "@/lib/format";
import { useAuth } from "@/lib/auth";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { fieldError, useChangeEmail, useChangePassword, useDeviceSessions, useEmailStatus, useSignOutOthers, useSignOutSession } from "./security-api";

const failed = (title: string) => (err: unknown) => toast({ title, description: errorText(err), variant: "destructive" });

function ChangePasswordForm() {
  const { m } = useI18n();
  const T = m.accountSecurity;
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const change = useChangePassword({
    onSuccess: () => {
      setCurrent("");
      setNext("");
      toast({ title: T.passwordChanged });
    },
  });
  const currentError = fieldError(change.error, "body.currentPassword");
  const nextError = tooShort ? AUTH_TEXT.passwordMin : fieldError(change.error, "body.newPassword");
  return (
    <form
      noValidate
      className="grid gap-3"
      aria-label={T.changePassword}
      onSubmit={(e) => {
        e.preventDefault();
        const short = next.length < PASSWORD_MIN;
        setTooShort(short);
        if (short || !current) return;
        change.mutate(
          { currentPassword: current, newPassword: next },
          { onError: (err) => !fieldError(err, "body.currentPassword") && !fieldError(err, "body.newPassword") && failed(m.common.somethingWrong)(err) },
        );
      }}
    >
      <h3 className="font-semibold">{T.changePassword}</h3>
      <FormField id="current-password" label={T.currentPassword} error={currentError}>
        <Input id="current-password" type="password" autoComplete="current-password" value={current} aria-invalid={!!currentError} onChange={(e) => setCurrent(e.target.value)} />
      </FormField>
      <FormField id="new-password" label={T.newPassword} error={nextError}>
        <Input id="new-password" type="password" autoComplete="new-password" value={next} aria-invalid={!!nextError} onChange={(e) => setNext(e.target.value)} />
      </FormField>
      <Button type="submit" disabled={change.isPending || !current || !next}>
        {change.isPending ? m.common.saving : T.savePassword}
      </Button>
    </form>
  );
}

function ChangeEmailForm() {
  const { m } = useI18n();
  const T = m.accountSecurity;
  const { user } = useAuth();
  const status = useEmailStatus();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const change = useChangeEmail({
    onSuccess: (data) => {
      setEmail("");
      setPassword("");
      toast({ title: T.changeEmail, description: data.pendingEmail ? T.emailChangeSent(data.pendingEmail) : undefined });
    },
  });
  const emailError = fieldError(change.error, "body.newEmail");
  const passwordError = fieldError(change.error, "body.currentPassword");
  const pending = status.data?.pendingEmail;
  return (
    <form
      noValidate
      className="grid gap-3"
      aria-label={T.changeEmail}
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate({ newEmail: email.trim(), currentPassword: password }, { onError: (err) => !fieldError(err, "body.newEmail") && !fieldError(err, "body.currentPassword") && failed(m.common.somethingWrong)(err) });
      }}
    >
      <h3 className="font-semibold">{T.changeEmail}</h3>
      <p className="text-sm text-muted-foreground">{T.currentEmail(status.data?.email ?? user?.email ?? "")}</p>
      {pending && (
        <p data-testid="email-pending" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {T.emailPending(pending)}
        </p>
      )}
      <FormField id="new-email" label={T.newEmail} error={emailError}>
        <Input id="new-email" type="email" autoComplete="email" value={email} aria-invalid={!!emailError} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      <FormField id="email-password" label={T.currentPassword} error={passwordError}>
        <Input id="email-password" type="password" autoComplete="current-password" value={password} aria-invalid={!!passwordError} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" disabled={change.isPending || !email.trim() || !password}>
        {change.isPending ? m.common.sending : T.sendConfirmation}
      </Button>
    </form>
  );
}

function DeviceRow({ s }: { s: DeviceSession }) {
  const { m } = useI18n();
  const T = m.accountSecurity;
  const signOut = useSignOutSession({ onSuccess: () => toast({ title: T.signedOutDevice }), onError: failed(m.common.somethingWrong) });
  const name = [s.browser, s.device ?? s.os].filter(Boolean).join(" · ") || T.unknownDevice;
  const Icon = /iphone|android|mobile|phone|ipad|tablet/i.test(`${s.device ?? ""} ${s.os ?? ""}`) ? Smartphone : Laptop;
  const when = s.lastUsedAt ? T.lastUsed(formatCommentTime(s.lastUsedAt)) : T.signedInAt(formatCommentTime(s.createdAt));
  return (
    <li className="flex min-h-14 items-center gap-3 py-2" data-testid="device-row">
      <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{name}</p>
        <p className="text-sm text-muted-foreground">{s.current ? <strong className="text-primary">{T.thisDevice}</strong> : when}</p>
      </div>
      {!s.current && (
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" disabled={signOut.isPending} aria-label={`${T.signOut}: ${name}`}>
              <LogOut aria-hidden="true" /> {T.signOut}
            </Button>
          }
          title={T.signOutDeviceTitle}
          description={T.signOutDeviceText}
          confirmLabel={T.signOut}
          onConfirm={() => signOut.mutate(s.id)}
        />
      )}
    </li>
  );
}

function Devices() {
  const { m } = useI18n();
  const T = m.accountSecurity;
  const list = useDeviceSessions();
  const others = useSignOutOthers({ onSuccess: () => toast({ title: T.signedOutOthers }), onError: failed(m.common.somethingWrong) });
  const sessions = list.data?.sessions ?? [];
  const hasOthers = sessions.some((s) => !s.current);
  return (
    <section className="grid gap-2" aria-labelledby="devices-title">
      <h3 id="devices-title" className="font-semibold">
        {T.devices}
      </h3>
      {list.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : list.isError ? (
        <p className="text-sm text-destructive">{tr(errorText(list.error) ?? m.common.somethingWrong)}</p>
      ) : (
        <ul className="divide-y divide-border">
          {sessions.map((s) => (
            <DeviceRow key={s.id} s={s} />
          ))}
        </ul>
      )}
      {!list.isPending && !hasOthers && <p className="text-sm text-muted-foreground">{T.noOtherDevices}</p>}
      {hasOthers && (
        <ConfirmDialog
          trigger={
            <Button variant="outline" disabled={others.isPending}>
              <LogOut aria-hidden="true" /> {T.signOutOthers}
            </Button>
          }
          title={T.signOutOthersTitle}
          description={T.signOutOthersText}
          confirmLabel={T.signOut}
          onConfirm={() => others.mutate()}
        />
      )}
    </section>
  );
}

export function SecurityCard() {
  const { m } = useI18n();
  const T = m.accountSecurity;
  return (
    <Card data-testid="security-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" /> {T.title}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{T.description}</p>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ChangePasswordForm />
        <ChangeEmailForm />
        <Devices />
      </CardContent>
    </Card>
  );
}
