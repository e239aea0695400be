import type { ReactNode } from "react";
import type { DirectorySettings } from "@contract/directory";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";
import { useDirectorySettings, useSetDirectorySettings } from "./api";

function Row({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
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

/** Profile → Directory: off until the member opts in; then which of photo, email and phone other members see. */
export function DirectorySettingsCard() {
  const t = useI18n().m.directory;
  const settings = useDirectorySettings();
  const set = useSetDirectorySettings({
    onSuccess: () => toast({ title: t.saved }),
    onError: () => toast({ title: t.saveFailed, variant: "destructive" }),
  });
  const data = set.isPending && set.variables && settings.data ? { ...settings.data, ...set.variables } : settings.data;
  const sw = (key: keyof DirectorySettings, id: string, disabled = false) => (
    <Switch id={id} checked={data?.[key] ?? false} disabled={!data || set.isPending || disabled} onCheckedChange={(on) => set.mutate({ [key]: on })} />
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.settings}</CardTitle>
        <p className="text-sm text-muted-foreground">{t.settingsHint}</p>
      </CardHeader>
      <CardContent className="grid gap-1">
        <Row id="directory-listed" label={t.listed} hint={t.listedHint}>
          {sw("listed", "directory-listed")}
        </Row>
        {data?.listed && (
          <>
            <Row id="directory-photo" label={t.showPhoto}>
              {sw("showPhoto", "directory-photo")}
            </Row>
            <Row id="directory-email" label={t.showEmail}>
              {sw("showEmail", "directory-email")}
            </Row>
            <Row id="directory-phone" label={t.showPhone}>
              {sw("showPhone", "directory-phone")}
            </Row>
          </>
        )}
      </CardContent>
    </Card>
  );
}
