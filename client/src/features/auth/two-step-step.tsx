/**
 * The second step of a password sign-in (docs/decisions/0102): a code from the authenticator
 * app, a recovery code, or one of the member's passkeys, sent with the ticket the password got.
 * Loaded only when a sign-in needs it.
 */
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import type { AuthResponse } from "@contract/auth";
import type { TwoStepPending } from "@contract/two-step";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/use-toast";
import { completeSecondStep } from "@/lib/two-step";

export default function TwoStepStep({ pending, onDone, onStartOver }: { pending: TwoStepPending; onDone: (res: AuthResponse) => void; onStartOver: () => void }) {
  const T = useI18n().m.twoStep;
  const canCode = pending.methods.includes("totp");
  const [recovery, setRecovery] = useState(!canCode && pending.methods.includes("recovery"));
  const [value, setValue] = useState("");
  const verify = useMutation({
    mutationFn: (proof: Parameters<typeof completeSecondStep>[1]) => completeSecondStep(pending.ticket, proof),
    onSuccess: onDone,
    onError: (err) => {
      setValue("");
      toast({ title: T.secondStepTitle, description: errorText(err), variant: "destructive" });
    },
  });
  const id = recovery ? "recovery-code" : "one-time-code";

  return (
    <div className="grid gap-4" data-testid="two-step">
      <div className="grid gap-1 text-center">
        <h2 className="text-lg font-semibold">{T.secondStepTitle}</h2>
        {canCode && !recovery && <p className="text-sm text-muted-foreground">{T.secondStepDescription}</p>}
      </div>
      {(canCode || recovery) && (
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const v = value.trim();
            if (v) verify.mutate(recovery ? { recoveryCode: v } : { code: v.replace(/\s/g, "") });
          }}
        >
          <FormField id={id} label={recovery ? T.recoveryCodeLabel : T.codeLabel}>
            <Input
              id={id}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoComplete="one-time-code"
              inputMode={recovery ? "text" : "numeric"}
              autoFocus
              maxLength={recovery ? 40 : 8}
            />
          </FormField>
          <Button type="submit" disabled={verify.isPending} className="w-full">
            {verify.isPending ? T.verifying : T.verify}
          </Button>
          {canCode && pending.methods.includes("recovery") && (
            <Button type="button" variant="link" onClick={() => (setRecovery(!recovery), setValue(""))}>
              {recovery ? T.useAuthenticatorCode : T.useRecoveryCode}
            </Button>
          )}
        </form>
      )}
      {pending.methods.includes("passkey") && (
        <Button type="button" variant="outline" disabled={verify.isPending} onClick={() => verify.mutate({ passkey: true })}>
          <KeyRound aria-hidden="true" /> {T.usePasskey}
        </Button>
      )}
      <Button type="button" variant="ghost" onClick={onStartOver}>
        {T.startOver}
      </Button>
    </div>
  );
}
