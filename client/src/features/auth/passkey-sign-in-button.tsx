import { useState } from "react";
import { KeyRound } from "lucide-react";
import type { AuthResponse } from "@contract/auth";
import { errorText } from "@/lib/api";
import { useI18n } from "@/lib/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { passkeysSupported, signInWithPasskey } from "@/lib/two-step";

/**
 * "Continue with a passkey" on the sign-in screen (docs/decisions/0102). Rendered the same on
 * the server and in the browser (the screen is prerendered, decision 0074): whether this
 * browser can use passkeys is asked on click, with the WebAuthn library loaded then.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (res: AuthResponse) => void }) {
  const { m } = useI18n();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function go() {
    setBusy(true);
    try {
      if (!(await passkeysSupported())) {
        toast({ title: m.auth.signInFailed, description: m.twoStep.passkeyUnsupported, variant: "destructive" });
        return;
      }
      onSignedIn(await signInWithPasskey());
    } catch (err) {
      // The member closed the browser's prompt: nothing to say.
      if (err instanceof Error && err.name === "NotAllowedError") return;
      toast({ title: m.auth.signInFailed, description: errorText(err) ?? m.twoStep.passkeyFailed, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="button" variant="outline" className="w-full" disabled={!hydrated || busy} onClick={() => void go()}>
      <KeyRound aria-hidden="true" /> {m.twoStep.signInWithPasskey}
    </Button>
  );
}
