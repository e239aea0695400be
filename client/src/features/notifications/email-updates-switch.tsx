/**
 * The Profile's "Email updates" switch: church news by email (staff's announcements sent by
 * email, decision 0110). Saved at once; off means no announcement email reaches this member.
 */
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";
import { usePreferences, useSetEmailUpdates } from "./api";

export function EmailUpdatesSwitch({ id }: { id: string }) {
  const { m } = useI18n();
  const prefs = usePreferences();
  const set = useSetEmailUpdates({
    onSuccess: (data) => toast({ title: data.emailUpdates ? m.notifications.emailUpdatesSaved.on : m.notifications.emailUpdatesSaved.off }),
    onError: () => toast({ ...m.notifications.preferenceFailed, variant: "destructive" }),
  });
  const on = set.isPending && set.variables !== undefined ? set.variables : (prefs.data?.emailUpdates ?? true);
  return <Switch id={id} checked={on} disabled={!prefs.data || set.isPending} onCheckedChange={(value) => set.mutate(value)} />;
}
