/** Query keys of the Give tab (URL segments, spec section 7) and small display helpers. */
import { queryClient } from "@/lib/query-client";
import { shortDate } from "@/lib/format";

export const HISTORY_KEY = ["/api/giving/history"];
export const RECURRING_KEY = ["/api/giving/recurring"];
export const ROUNDUP_KEY = ["/api/roundup/setting"];

/** After a gift or a change to a recurring gift: the history and recurring lists are refetched (spec section 7). */
export const refreshGiving = () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: HISTORY_KEY }), queryClient.invalidateQueries({ queryKey: RECURRING_KEY })]);

/** A calendar date ("2026-03-31", already in the church's zone) as "Mar 31, 2026", whatever the device's zone. */
export function calendarDate(date: string) {
  const [y, m, d] = date.split("-").map(Number);
  if (!y || !m || !d) return date;
  return shortDate(new Date(y, m - 1, d));
}
