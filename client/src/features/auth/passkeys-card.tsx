/**
 * Profile: passkeys and two-step sign-in (docs/decisions/0102). Add a passkey (the browser asks
 * for Face ID, a fingerprint or the screen lock), rename or remove one; set up the authenticator
 * app from an otpauth:// link or its key, confirm with a first code, and see the recovery codes
 * once; turn the app off with a current code or the password. A staff member whom the church
 * requires a second step of, and who has none, sees why at the top.
 */
import { useState } from "react";
import { KeyRound, Pencil, ShieldAlert, ShieldCheck } from "lucide-react";
import { PASSKEYS_MAX, type Passkey } from "@contract/two-step";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { shortDate } from "@/lib/format";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { DeleteButton } from "@/components/confirm-dialog";
import {
  startTotpSetup,
  useAddPasskey,
  useConfirmTotp,
  useDisableTotp,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
  useTwoStepStatus,
} from "@/lib/two-step";

const failed = (title: string) => (err: unknown) => {
  // The member closed the browser's passkey prompt: nothing to say.
  if (err instanceof Error && err.name === "NotAllowedError") return;
  toast({ title, description: errorText(err), variant: "destructive" });
};

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { m } = useI18n();
  const T = m.twoStep;
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const inputId = `passkey-name-${passkey.id}`;

  return (
    <li className="flex min-h-14 items-center gap-3 py-2" data-testid="passkey-row">
      <KeyRound className="size-5 shrink-0 text-primary" aria-hidden="true" />
      {editing ? (
        <form
          className="flex flex-1 items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate(
              { id: passkey.id, name: name.trim() },
              { onSuccess: () => (setEditing(false), toast({ title: T.passkeyRenamed })), onError: failed(m.common.somethingWrong) },
            );
          }}
        >
          <div className="flex-1">
            <FormField id={inputId} label={T.passkeyNameLabel}>
              <Input id={inputId} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} autoFocus />
            </FormField>
          </div>
          <Button type="submit" size="sm" disabled={rename.isPending || !name.trim()}>
            {T.save}
          </Button>
        </form>
      ) : (
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{passkey.name}</p>
          <p className="text-sm text-muted-foreground">{passkey.lastUsedAt ? T.lastUsed(shortDate(new Date(passkey.lastUsedAt))) : T.neverUsed}</p>
        </div>
      )}
      {!editing && (
        <Button variant="ghost" size="icon" aria-label={`${T.rename}: ${passkey.name}`} onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
        </Button>
      )}
      <DeleteButton
        label={T.removePasskey(passkey.name)}
        disabled={remove.isPending}
        title={T.removePasskey(passkey.name)}
        description={T.removePasskeyText}
        confirmLabel={m.common.delete}
        onConfirm={() => remove.mutate(passkey.id, { onSuccess: () => toast({ title: T.passkeyRemoved }), onError: failed(m.common.somethingWrong) })}
      />
    </li>
  );
}

/** The authenticator app: set up (link, key, first code), recovery codes once, turn off. */
function TotpSection({ on, recoveryLeft }: { on: boolean; recoveryLeft: number }) {
  const { m } = useI18n();
  const T = m.twoStep;
  const [setup, setSetup] = useState<{ uri: string; secret: string; qr: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [turningOff, setTurningOff] = useState(false);
  const [proof, setProof] = useState("");
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();

  if (codes) {
    return (
      <div className="grid gap-3" data-testid="recovery-codes">
        <h3 className="font-semibold">{T.recoveryTitle}</h3>
        <p className="text-sm text-muted-foreground">{T.recoveryText}</p>
        <ul className="grid grid-cols-2 gap-1 rounded-md bg-muted p-3 font-mono text-sm">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Button onClick={() => setCodes(null)}>{T.recoveryDone}</Button>
      </div>
    );
  }

  if (on) {
    return (
      <div className="grid gap-3">
        <div className="flex items-start gap-3">
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
          <div>
            <p className="font-medium">{T.totpTitle}</p>
            <p className="text-sm text-muted-foreground">{T.totpOnHint}</p>
            <p className="text-sm text-muted-foreground">{T.recoveryLeft(recoveryLeft)}</p>
          </div>
        </div>
        {turningOff ? (
          <form
            className="grid gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              const v = proof.trim();
              disable.mutate(/^\d{6}$/.test(v) ? { code: v } : { password: proof }, {
                onSuccess: () => (setTurningOff(false), setProof(""), toast({ title: T.totpOff })),
                onError: failed(T.turnOffTitle),
              });
            }}
          >
            <FormField id="totp-off-proof" label={T.turnOffText}>
              <Input id="totp-off-proof" type="password" autoComplete="one-time-code" value={proof} onChange={(e) => setProof(e.target.value)} />
            </FormField>
            <Button type="submit" variant="destructive" disabled={disable.isPending || !proof}>
              {T.turnOff}
            </Button>
          </form>
        ) : (
          <Button variant="outline" onClick={() => setTurningOff(true)}>
            {T.turnOff}
          </Button>
        )}
      </div>
    );
  }

  if (setup) {
    return (
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          confirm.mutate(code.replace(/\s/g, ""), {
            onSuccess: (res) => (setSetup(null), setCode(""), setCodes(res.recoveryCodes), toast({ title: T.totpOn })),
            onError: failed(T.totpTitle),
          });
        }}
      >
        <p className="text-sm">{T.totpScan}</p>
        <img data-testid="totp-qr" src={setup.qr} alt={T.qrAlt} width={192} height={192} className="size-48 justify-self-center rounded-md border border-border bg-white" />
        <a href={setup.uri} className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline">
          {T.openInApp}
        </a>
        <p className="text-sm">
          {T.secretKey}:{" "}
          <code data-testid="totp-secret" className="break-all rounded bg-muted px-1 font-mono">
            {setup.secret}
          </code>
        </p>
        <FormField id="totp-confirm-code" label={T.confirmCode}>
          <Input id="totp-confirm-code" inputMode="numeric" autoComplete="one-time-code" maxLength={8} value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <Button type="submit" disabled={confirm.isPending || !code.trim()}>
          {T.turnOn}
        </Button>
      </form>
    );
  }

  return (
    <div className="grid gap-3">
      <div>
        <p className="font-medium">{T.totpTitle}</p>
        <p className="text-sm text-muted-foreground">{T.totpOffHint}</p>
      </div>
      <Button variant="outline" onClick={() => startTotpSetup().then(setSetup, failed(T.totpTitle))}>
        {T.setUpTotp}
      </Button>
    </div>
  );
}

export function PasskeysCard() {
  const { m } = useI18n();
  const T = m.twoStep;
  const status = useTwoStepStatus();
  const list = usePasskeys();
  const full = (list.data?.length ?? 0) >= PASSKEYS_MAX;
  const add = useAddPasskey();
  const missing = status.data && status.data.required && !status.data.totp && status.data.passkeys === 0;

  return (
    <Card data-testid="passkeys-card">
      <CardHeader>
        <CardTitle>{T.cardTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {missing && (
          <div role="alert" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
            <ShieldAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">{T.setupRequiredTitle}</p>
              <p className="text-sm">{T.setupRequiredText}</p>
            </div>
          </div>
        )}
        <p className="text-sm text-muted-foreground">{T.passkeysHint}</p>
        {list.isPending ? (
          <Skeleton className="h-14" />
        ) : list.isError ? (
          <p className="text-sm text-muted-foreground">{m.common.somethingWrong}</p>
        ) : list.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noPasskeys}</p>
        ) : (
          <ul className="divide-y divide-border">
            {list.data.map((p) => (
              <PasskeyRow key={p.id} passkey={p} />
            ))}
          </ul>
        )}
        {full && <p className="text-sm text-muted-foreground">{T.passkeysFull}</p>}
        <Button
          variant="outline"
          disabled={add.isPending || full}
          onClick={() => add.mutate(undefined, { onSuccess: () => toast({ title: T.passkeyAdded }), onError: failed(T.passkeyNotAdded) })}
        >
          <KeyRound aria-hidden="true" /> {add.isPending ? T.addingPasskey : T.addPasskey}
        </Button>
        <div className="border-t border-border pt-4">
          {status.isPending ? <Skeleton className="h-20" /> : status.data ? <TotpSection on={status.data.totp} recoveryLeft={status.data.recoveryCodesLeft} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}
