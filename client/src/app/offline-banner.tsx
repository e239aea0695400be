import { WifiOff } from "lucide-react";
import { useOnline } from "@/lib/online";
import { useI18n } from "@/lib/i18n";

/**
 * The offline banner, on every screen: inside the sticky header when signed in, above the form
 * when signed out. The live region is always in the page and only its text comes and goes, so
 * screen readers announce the change politely.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { m } = useI18n();
  return (
    <div role="status" className="print:hidden">
      {!online && (
        <p data-testid="offline-banner" className="flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-center text-sm font-medium text-background">
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          {m.connection.offlineBanner}
        </p>
      )}
    </div>
  );
}
