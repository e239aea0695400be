import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/**
 * How a message sits where the list would be: `plain` text (inside a card), a `box` of its own
 * (a list that has no card around it), or `inset` (centred, inside a card's list area).
 */
export type StateLook = "plain" | "box" | "inset";

const LOOK: Record<StateLook, string> = {
  plain: "text-muted-foreground",
  box: "rounded-lg border border-border bg-card p-6 text-center text-muted-foreground",
  inset: "py-6 text-center text-muted-foreground",
};
/** An empty state with an icon: a dashed box, or centred in the card. */
const ICON_LOOK: Record<StateLook, string> = {
  plain: "flex flex-col items-center gap-2 text-center text-muted-foreground",
  box: "flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-card p-8 text-center text-muted-foreground",
  inset: "flex flex-col items-center gap-2 py-6 text-center text-muted-foreground",
};

/** `count` skeleton rows of `className`, one under the other, while a list loads. */
export function Skeletons({ count, className, gap = "gap-3" }: { count: number; className: string; gap?: string }) {
  return (
    <div className={cn("grid grid-cols-1", gap)}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

/**
 * The one way a list shows its query: `loading` while it is pending (skeletons or a spinner),
 * the `error` text when it failed (with a `retry` button when given), the `empty` text when
 * there is nothing (`isEmpty`, by default an empty array), else `children` with the data.
 * `data` replaces the query's own when the screen shows a part of it (e.g. approved items only).
 */
export function QueryState<Q, T = Q>({
  query,
  data = query.data as T | undefined,
  loading,
  error,
  retry,
  empty,
  emptyIcon: EmptyIcon,
  isEmpty = (d) => Array.isArray(d) && d.length === 0,
  look = "plain",
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: Q; refetch?: () => unknown };
  data?: T;
  loading: ReactNode;
  error: string;
  retry?: string;
  /** The text when there is nothing (shown in the `look`), or the whole empty state's markup. */
  empty?: ReactNode;
  emptyIcon?: LucideIcon;
  isEmpty?: (data: T) => boolean;
  look?: StateLook;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError || data === undefined) {
    const text = (
      <p role="alert" className={retry ? "text-muted-foreground" : LOOK[look]}>
        {error}
      </p>
    );
    if (!retry) return text;
    return (
      <div className={cn("grid justify-items-center gap-3", look === "plain" ? "text-center" : LOOK[look])}>
        {text}
        <Button variant="outline" onClick={() => void query.refetch?.()}>
          {retry}
        </Button>
      </div>
    );
  }
  if (empty !== undefined && isEmpty(data)) {
    if (typeof empty !== "string") return empty;
    if (!EmptyIcon) return <p className={LOOK[look]}>{empty}</p>;
    return (
      <div className={ICON_LOOK[look]}>
        <EmptyIcon className="size-8" aria-hidden="true" />
        <p>{empty}</p>
      </div>
    );
  }
  return children(data);
}
