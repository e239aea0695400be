import type { ReactNode } from "react";
import { Label } from "./label";
import { tr } from "@/lib/i18n";

/** A labelled field with its validation message, linked for screen readers. */
export function FormField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {tr(error)}
        </p>
      )}
    </div>
  );
}
