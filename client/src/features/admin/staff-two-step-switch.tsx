import { useI18n } from "@/lib/i18n";
import { errorText } from "@/lib/api";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { useSetStaffTwoStep, useStaffTwoStep } from "@/lib/two-step";

/**
 * Admin, People (OWNER only): "Require two-step sign-in for staff" (docs/decisions/0102). The
 * server refuses to turn it on until the owner has a second step of their own, and says so.
 */
export function StaffTwoStepSwitch() {
  const T = useI18n().m.twoStep;
  const rule = useStaffTwoStep();
  const set = useSetStaffTwoStep();
  return (
    <div className="flex min-h-14 items-center justify-between gap-4 rounded-lg border border-border p-3">
      <div>
        <label htmlFor="staff-two-step" className="font-medium">
          {T.requireTitle}
        </label>
        <p className="text-sm text-muted-foreground">{T.requireHint}</p>
      </div>
      <Switch
        id="staff-two-step"
        checked={rule.data?.required ?? false}
        disabled={!rule.data || set.isPending}
        onCheckedChange={(on) =>
          set.mutate(on, {
            onSuccess: (r) => toast({ title: r.required ? T.requireOn : T.requireOff }),
            onError: (err) => toast({ title: T.requireTitle, description: errorText(err), variant: "destructive" }),
          })
        }
      />
    </div>
  );
}
