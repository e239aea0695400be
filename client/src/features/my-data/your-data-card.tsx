import { useState, type FormEvent } from "react";
import { Download, Trash2 } from "lucide-react";
import { useI18n } from "@/lib/i18n";
import { errorText } from "@/lib/api";
import { toast } from "@/components/ui/use-toast";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatCents } from "@contract/money";
import { deleteMyAccount, downloadMyData, useLeftBalance } from "./api";

/**
 * Profile → Your data (issue 20): download everything the app holds about the member, or delete
 * the account after confirming with the password. `onDeleted` signs this device out (the server
 * has already ended every session) and goes to the sign-in screen.
 */
export function YourDataCard({ onDeleted }: { onDeleted: () => Promise<void> | void }) {
  const { m, locale } = useI18n();
  const T = m.myData;
  const [downloading, setDownloading] = useState(false);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const left = useLeftBalance(open, locale);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (err) {
      toast({ title: T.downloadFailed, description: errorText(err), variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(T.passwordRequired);
    setDeleting(true);
    setError(undefined);
    try {
      await deleteMyAccount({ password });
      setOpen(false);
      toast({ title: T.deleted });
      await onDeleted();
    } catch (err) {
      setError(errorText(err) ?? T.deleteFailed);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <p className="text-sm text-muted-foreground">{T.hint}</p>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Button variant="outline" size="lg" onClick={download} disabled={downloading}>
          <Download aria-hidden="true" /> {downloading ? T.downloading : T.download}
        </Button>
        <Button
          variant="outline"
          size="lg"
          className="text-destructive"
          onClick={() => {
            setPassword("");
            setError(undefined);
            setOpen(true);
          }}
        >
          <Trash2 aria-hidden="true" /> {T.deleteAccount}
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
        <DialogContent>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>{T.deleteTitle}</DialogTitle>
              <DialogDescription>{T.deleteBody}</DialogDescription>
            </DialogHeader>
            {left && (
              <p role="note" className="rounded-md bg-muted p-3 text-sm" data-testid="delete-wallet-gift">
                {T.walletGift(formatCents(left.cents), left.fund)}
              </p>
            )}
            <FormField id="delete-account-password" label={T.passwordLabel} error={error}>
              <Input
                id="delete-account-password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={error ? true : undefined}
                autoFocus
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={deleting}>
                {T.cancel}
              </Button>
              <Button type="submit" variant="destructive" disabled={deleting}>
                {T.confirmDelete}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
