import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import { dismiss, useToasts } from "./use-toast";
import { tr, useI18n } from "@/lib/i18n";

/**
 * Renders the toast store. Every toast, errors included, is announced politely (Radix's
 * role="status" aria-live="polite" announcer, type "background"): an error toast follows the
 * member's own action, so interrupting what the screen reader is saying gains nothing (issue 9).
 */
export function Toaster() {
  const toasts = useToasts();
  const { m } = useI18n();
  return (
    <Toast.Provider swipeDirection="up" duration={5000}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          type="background"
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
            t.variant === "destructive" ? "border-destructive bg-destructive text-destructive-foreground" : "border-border bg-card text-card-foreground",
          )}
        >
          <div className="grid gap-1">
            {t.title && <Toast.Title className="font-semibold">{tr(t.title)}</Toast.Title>}
            {t.description && <Toast.Description className="text-sm">{tr(t.description)}</Toast.Description>}
          </div>
          <Toast.Close aria-label={m.common.close} className="absolute right-1 top-1 inline-flex h-11 w-11 items-center justify-center rounded-md opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed left-1/2 top-2 z-[100] flex w-[calc(100%-1rem)] max-w-[464px] -translate-x-1/2 flex-col gap-2 outline-none" />
    </Toast.Provider>
  );
}
