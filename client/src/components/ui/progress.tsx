import { Progress as ProgressPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A progress bar, 0 to 100 (values above 100 are capped, spec section 9). */
export function Progress({ value, className, ...props }: Omit<ComponentProps<typeof ProgressPrimitive.Root>, "value"> & { value: number }) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <ProgressPrimitive.Root value={v} max={100} className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-muted", className)} {...props}>
      <ProgressPrimitive.Indicator className="h-full bg-primary transition-transform motion-reduce:transition-none" style={{ transform: `translateX(-${100 - v}%)` }} />
    </ProgressPrimitive.Root>
  );
}
