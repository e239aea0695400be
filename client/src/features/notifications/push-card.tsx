/**
 * The Profile push card (spec section 2) in every state:
 *   unsupported  'Push notifications are not supported on this device or browser.'
 *   supported    the enable switch with 'Active on N device(s)' (the member's devices, any browser),
 *                checked when this browser is registered for this member;
 *   denied       a blocked warning (the switch cannot turn on until the browser allows it);
 *   active       a notice with the last-updated date (the latest registration of any device);
 *   default      an 'Enable Push Notifications' button (asks for permission, then registers).
 * Below, a switch per kind of notification this member can receive (they also govern the
 * inbox, so they show even where push is unsupported). Toasts: spec section 8.
 */
import { useCallback, useEffect, useState } from "react";
import { BellOff, BellRing, CircleCheck, TriangleAlert } from "lucide-react";
import type { NotificationKind } from "@contract/notifications";
import type { User } from "@contract/auth";
import { shortDate } from "@/lib/format";
import {
  currentSubscription,
  isRegisteredHere,
  notificationPermission,
  pushSupported,
  readStoredRegistration,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from "@/lib/push";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";
import { refreshPreferences, usePreferences, useSetPreference } from "./api";


/** This browser's push state for the member; `registered` null while it is being read. */
function useDevicePush(userId: string) {
  const supported = pushSupported();
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported ? notificationPermission() : "default"));
  const [registered, setRegistered] = useState<boolean | null>(supported ? null : false);

  const refresh = useCallback(async () => {
    if (!supported) return;
    setPermission(notificationPermission());
    try {
      const sub = await currentSubscription();
      setRegistered(isRegisteredHere(readStoredRegistration(), sub?.endpoint ?? null, userId));
    } catch {
      setRegistered(false);
    }
  }, [supported, userId]);

  useEffect(() => {
    void refresh();
    // The member may allow or block notifications in the browser's site settings meanwhile.
    let status: PermissionStatus | null = null;
    const onChange = () => void refresh();
    if (supported && navigator.permissions?.query) {
      navigator.permissions.query({ name: "notifications" }).then(
        (s) => {
          status = s;
          s.addEventListener("change", onChange);
        },
        () => undefined,
      );
    }
    return () => status?.removeEventListener("change", onChange);
  }, [refresh, supported]);

  return { supported, permission, setPermission, registered, setRegistered };
}

export function PushCard({ user }: { user: User }) {
  const T = useI18n().m.notifications;
  const device = useDevicePush(user.id);
  const prefs = usePreferences();
  const [busy, setBusy] = useState(false);

  async function enable() {
    if (!pushSupported()) {
      toast({ ...T.notSupported, variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      let permission = notificationPermission();
      if (permission === "default") {
        try {
          permission = await Notification.requestPermission();
        } catch (err) {
          console.warn("notification permission request failed", err);
          toast({ ...T.permissionError, variant: "destructive" });
          return;
        }
        device.setPermission(permission);
      }
      if (permission !== "granted") {
        toast({ ...T.permissionDenied, variant: "destructive" });
        return;
      }
      try {
        await subscribeThisDevice(user.id);
      } catch (err) {
        console.warn("push registration failed", err);
        toast({ ...T.registrationFailed, variant: "destructive" });
        return;
      }
      device.setRegistered(true);
      await refreshPreferences();
      toast(T.enabled);
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    setBusy(true);
    try {
      await unsubscribeThisDevice();
      device.setRegistered(false);
      await refreshPreferences();
      toast(T.disabled);
    } catch (err) {
      console.warn("push unregistration failed", err);
      toast({ ...T.disableFailed, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const setKind = useSetPreference({
    onError: () => toast({ ...T.preferenceFailed, variant: "destructive" }),
  });

  const deviceCount = prefs.data?.deviceCount ?? 0;
  const denied = device.permission === "denied";

  return (
    <Card data-testid="push-card">
      <CardHeader>
        <CardTitle>{T.cardTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!device.supported ? (
          <div className="flex items-start gap-3 text-muted-foreground">
            <BellOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p>{T.unsupported}</p>
          </div>
        ) : (
          <>
            <div className="flex min-h-14 items-center justify-between gap-4">
              <div>
                <label htmlFor="push-enabled" className="font-medium">
                  {T.enableSwitch}
                </label>
                <div className="text-sm text-muted-foreground" data-testid="push-device-count">
                  {prefs.isPending ? <Skeleton className="mt-1 h-4 w-32" /> : T.activeOn(deviceCount)}
                </div>
              </div>
              <Switch
                id="push-enabled"
                checked={device.registered === true}
                disabled={busy || device.registered === null || (denied && !device.registered)}
                onCheckedChange={(on) => void (on ? enable() : disable())}
              />
            </div>

            {denied && (
              <div role="alert" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
                <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                <p className="text-sm">{T.blocked}</p>
              </div>
            )}

            {device.registered && prefs.data?.lastUpdated && (
              <div data-testid="push-active" className="flex items-start gap-3 rounded-lg border border-green-300 bg-green-50 p-3 text-green-950 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100">
                <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                <p className="text-sm">{T.activeNotice(shortDate(new Date(prefs.data.lastUpdated)))}</p>
              </div>
            )}

            {device.permission === "default" && !device.registered && (
              <Button onClick={() => void enable()} disabled={busy}>
                <BellRing aria-hidden="true" /> {busy ? T.enabling : T.enableButton}
              </Button>
            )}
          </>
        )}

        <div className="grid gap-1 border-t border-border pt-4">
          <h3 className="font-semibold">{T.kindsTitle}</h3>
          <p className="text-sm text-muted-foreground">{T.kindsHint}</p>
          {prefs.isPending ? (
            <div className="grid gap-3 pt-2">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : prefs.isError ? (
            <p className="pt-2 text-sm text-muted-foreground">{T.preferencesLoadFailed}</p>
          ) : (
            <ul className="grid">
              {(Object.entries(prefs.data.kinds) as [NotificationKind, boolean][]).map(([kind, on]) => (
                <li key={kind} className="flex min-h-14 items-center justify-between gap-4">
                  <div>
                    <label htmlFor={`kind-${kind}`} className="font-medium">
                      {T.kinds[kind].label}
                    </label>
                    <p className="text-sm text-muted-foreground">{T.kinds[kind].hint}</p>
                  </div>
                  <Switch
                    id={`kind-${kind}`}
                    checked={on}
                    disabled={setKind.isPending && setKind.variables?.kind === kind}
                    onCheckedChange={(value) => setKind.mutate({ kind, on: value })}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
