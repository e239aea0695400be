import { WifiOff } from "lucide-react";
import { CONNECTION_TEXTS } from "@contract/connection";
import { useOnline } from "@/lib/online";

/**
 * The offline banner, on every screen: inside the sticky header when signed in, above the form
 * when signed out. The live region is always in the page and only its text comes and goes, so
 * screen readers announce the change politely.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className="print:hidden">
      {!online && (
        <p data-testid="offline-banner" className="flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-center text-sm font-medium text-background">
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          {CONNECTION_TEXTS.offlineBanner}
        </p>
      )}
    </div>
  );
}
