import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import { dismiss, useToasts } from "./use-toast";

/** Renders the toast store; announced politely to screen readers (Radix live region). */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider swipeDirection="up" duration={5000}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          type={t.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cn(
            "relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
            t.variant === "destructive" ? "border-destructive bg-destructive text-destructive-foreground" : "border-border bg-card text-card-foreground",
          )}
        >
          <div className="grid gap-1">
            {t.title && <Toast.Title className="font-semibold">{t.title}</Toast.Title>}
            {t.description && <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>}
          </div>
          <Toast.Close aria-label="Close" className="absolute right-1 top-1 inline-flex h-11 w-11 items-center justify-center rounded-md opacity-70 hover:opacity-100">
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed left-1/2 top-2 z-[100] flex w-[calc(100%-1rem)] max-w-[464px] -translate-x-1/2 flex-col gap-2 outline-none" />
    </Toast.Provider>
  );
}
