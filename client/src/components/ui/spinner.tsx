import { Loader2 } from "lucide-react";
import { cn } from "@/lib/utils";

export const Spinner = ({ className, label = "Loading" }: { className?: string; label?: string }) => (
  <div role="status" aria-live="polite" className={cn("flex items-center justify-center p-8", className)}>
    <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
    <span className="sr-only">{label}</span>
  </div>
);
