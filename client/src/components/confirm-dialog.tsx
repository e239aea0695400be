import type { ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { useI18n } from "@/lib/i18n";

/**
 * The one confirmation before a change that cannot be undone (delete, remove, cancel, disconnect):
 * `trigger` opens it; Cancel (or `cancelLabel`) closes it; the destructive `confirmLabel` runs
 * `onConfirm`.
 */
interface ConfirmProps {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
}

export function ConfirmDialog({ trigger, title, description, confirmLabel, cancelLabel, onConfirm }: ConfirmProps) {
  const { m } = useI18n();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">{cancelLabel ?? m.common.cancel}</Button>
          </AlertDialogCancel>
          <AlertDialogAction asChild>
            <Button variant="destructive" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The trash-can button that asks first (a note, a comment, a media item, a payment method); `label` names what it removes. */
export function DeleteButton({ label, hint, disabled, ...confirm }: Omit<ConfirmProps, "trigger"> & { label: string; hint?: string; disabled?: boolean }) {
  return (
    <ConfirmDialog
      {...confirm}
      trigger={
        <Button variant="ghost" size="icon" aria-label={label} title={hint} className="text-destructive" disabled={disabled}>
          <Trash2 aria-hidden="true" />
        </Button>
      }
    />
  );
}
