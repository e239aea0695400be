import type { ReactNode } from "react";
import { LOCALES, LOCALE_NAMES, isLocale } from "@contract/i18n/locales";
import { useI18n } from "@/lib/i18n";
import { errorText } from "@/lib/api";
import { saveLocale } from "@/features/auth/api";
import { toast } from "@/components/ui/use-toast";
import { useLocation } from "wouter";
import { ExternalLink, LayoutDashboard, LogOut, Phone, Clock, MessageSquare } from "lucide-react";
import { isStaff, type Role } from "@contract/roles";
import { ServiceTimesList } from "@/components/service-times-list";
import { useAuth, useChurch } from "@/lib/auth";
import { useDarkMode } from "@/lib/theme";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";
import { PushCard } from "@/features/notifications/push-card";
import { EmailUpdatesSwitch } from "@/features/notifications/email-updates-switch";
import { PasskeysCard } from "@/features/auth/passkeys-card";
import { EditProfileButton } from "@/features/profile/edit-profile-dialog";
import { Avatar } from "@/components/avatar";
import { YourDataCard } from "@/features/my-data/your-data-card";
import { SecurityCard } from "@/features/auth/security-card";
import { DirectorySettingsCard } from "@/features/directory/directory-settings-card";

/** Role badge colours (spec): OWNER purple, PASTOR blue, STAFF green, other grey. */
export const ROLE_BADGE: Record<Role, string> = {
  OWNER: "bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-200",
  PASTOR: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
  STAFF: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  MEMBER: "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200",
};

function SettingRow({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-14 items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      </div>
      {children}
    </div>
  );
}

/** Wraps each of `words` where it stands in `text` in <strong> (translations move them). */
function emphasize(text: string, words: string[]) {
  const parts = text.split(new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`));
  return parts.map((p, i) => (words.includes(p) ? <strong key={i}>{p}</strong> : p));
}

/** The language picker: this device at once, and the member's account (for emails). */
function LanguageRow() {
  const { locale, m, setLocale } = useI18n();
  return (
    <SettingRow id="language" label={m.profile.language} hint={m.profile.languageHint}>
      <select
        id="language"
        value={locale}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLocale(next)) return;
          setLocale(next);
          saveLocale(next).then(
            () => toast({ title: m.profile.languageSaved, description: LOCALE_NAMES[next] }),
            (err: unknown) => toast({ title: m.common.somethingWrong, description: errorText(err), variant: "destructive" }),
          );
        }}
        className="h-11 rounded-md border border-input bg-background px-3 text-base"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </SettingRow>
  );
}

export default function ProfilePage() {
  const { user, logout } = useAuth();
  const church = useChurch();
  const [dark, setDark] = useDarkMode();
  const [, navigate] = useLocation();
  const { m } = useI18n();
  if (!user) return null;
  const links = [
    [m.profile.liveStream, church.links.liveStream],
    [m.profile.givingLink, church.links.giving],
    [m.profile.partner, church.links.partner],
    [m.profile.about, church.links.about],
    [m.profile.website, church.links.website],
  ] as const;

  return (
    <div className="grid gap-5">
      <Card>
        <CardContent className="flex flex-col items-center gap-2 pt-6 text-center">
          <Avatar user={user} className="size-20 text-2xl" />
          <h1 className="text-2xl font-bold">
            {user.firstName} {user.lastName}
          </h1>
          <p className="text-muted-foreground">{user.email}</p>
          {user.phone && <p className="text-sm text-muted-foreground">{user.phone}</p>}
          <span data-testid="role-badge" className={cn("rounded-full px-3 py-1 text-xs font-semibold", ROLE_BADGE[user.role])}>
            {user.role}
          </span>
          <p className="text-sm text-muted-foreground">{church.name}</p>
          <EditProfileButton user={user} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{m.profile.settings}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1">
          <SettingRow id="dark-mode" label={m.profile.darkMode} hint={m.profile.darkModeHint}>
            <Switch id="dark-mode" checked={dark} onCheckedChange={setDark} />
          </SettingRow>
          <SettingRow id="email-updates" label={m.profile.emailUpdates} hint={m.profile.emailUpdatesHint}>
            <EmailUpdatesSwitch id="email-updates" />
          </SettingRow>
          <LanguageRow />
        </CardContent>
      </Card>

      <PushCard user={user} />

      <SecurityCard />
      <DirectorySettingsCard />

      <PasskeysCard />

      {/* A treasurer granted the finance permission reaches Admin -> Giving from here too (decision 0113). */}
      {(isStaff(user.role) || user.finance) && (
        <Button size="lg" onClick={() => navigate("/admin")}>
          <LayoutDashboard aria-hidden="true" /> {m.profile.openAdmin}
        </Button>
      )}

      <Card>
        <CardHeader>
          <CardTitle>{m.profile.churchInformation}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3">
            <div>
              <dt className="text-sm text-muted-foreground">{m.profile.name}</dt>
              <dd className="font-medium">{church.name}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">{m.profile.churchCode}</dt>
              <dd className="font-mono font-medium">{church.slug}</dd>
            </div>
            {church.prayerLinePhone && (
              <div>
                <dt className="text-sm text-muted-foreground">{m.profile.prayerLine}</dt>
                <dd>
                  <a href={`tel:${church.prayerLinePhone.replace(/[^\d+]/g, "")}`} className="inline-flex min-h-11 items-center gap-2 font-medium text-primary">
                    <Phone className="size-4" aria-hidden="true" /> {church.prayerLinePhone}
                  </a>
                </dd>
              </div>
            )}
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{m.profile.churchLinks}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border">
            {links.map(([label, href]) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noopener noreferrer" className="flex min-h-12 items-center justify-between font-medium">
                  {label} <ExternalLink className="size-4 text-muted-foreground" aria-hidden="true" />
                </a>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Clock className="size-5 text-primary" aria-hidden="true" /> {m.profile.serviceTimes}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ServiceTimesList church={church} />
        </CardContent>
      </Card>

      <Card>
        <CardContent className="flex items-start gap-3 pt-5">
          <MessageSquare className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>{emphasize(m.profile.textToJoin(church.textToJoin.keyword, church.textToJoin.shortcode), [church.textToJoin.keyword, church.textToJoin.shortcode])}</p>
        </CardContent>
      </Card>

      <YourDataCard
        onDeleted={async () => {
          await logout({ sessionEnded: true });
          navigate("/auth/login");
        }}
      />

      <Button
        variant="outline"
        size="lg"
        className="text-destructive"
        onClick={async () => {
          await logout();
          navigate("/auth/login");
        }}
      >
        <LogOut aria-hidden="true" /> {m.profile.signOut}
      </Button>
    </div>
  );
}
