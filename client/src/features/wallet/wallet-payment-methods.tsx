import { useState } from "react";
import { CreditCard, Landmark, Plus, Star, Trash2, WalletCards } from "lucide-react";
import type { PaymentMethod } from "@contract/wallet";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
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
import { toast } from "@/components/ui/use-toast";
import { useMakeDefault, usePaymentMethods, useRemoveMethod } from "./api";
import { methodDetail, methodName } from "./wallet-format";
import { AddMethodDialog } from "./add-method-dialog";
import { useI18n } from "@/lib/i18n";

function MethodRow({ method }: { method: PaymentMethod }) {
  const { m: msg } = useI18n();
  const w = msg.wallet;
  const name = methodName(method);
  const Icon = method.type === "bank_account" ? Landmark : CreditCard;
  const makeDefault = useMakeDefault(method.id, {
    onSuccess: () => toast({ title: w.defaultUpdated, description: w.nowDefault(name) }),
    onError: () => toast({ title: w.defaultFailed, variant: "destructive" }),
  });
  const remove = useRemoveMethod(method.id, {
    onSuccess: () => toast({ title: w.methodRemoved, description: w.wasRemoved(name) }),
    onError: () => toast({ title: w.removeFailedTitle, description: w.removeFailed, variant: "destructive" }),
  });
  return (
    <li data-testid="payment-method" className="flex items-center gap-3 rounded-lg border border-border bg-card p-3 text-card-foreground shadow-sm">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{name}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {methodDetail(method)}
          {method.isDefault && <Badge>{w.isDefault}</Badge>}
        </p>
      </div>
      {!method.isDefault && (
        <Button variant="ghost" size="icon" aria-label={w.makeDefault(name)} title={w.setAsDefault} disabled={makeDefault.isPending} onClick={() => makeDefault.mutate()}>
          <Star aria-hidden="true" />
        </Button>
      )}
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={w.removeMethodLabel(name)} title={w.remove} className="text-destructive" disabled={remove.isPending}>
            <Trash2 aria-hidden="true" />
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>{w.removeMethodTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {method.type === "bank_account" ? w.bankWillUnlink(name) : w.cardWillBeRemoved(name)}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline">{msg.common.cancel}</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button variant="destructive" onClick={() => remove.mutate()}>
                {w.remove}
              </Button>
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

/** Payment Methods (spec section 2): the saved methods with set-default and delete, and 'Add Method'. */
export function WalletPaymentMethodsTab() {
  const methods = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const w = useI18n().m.wallet;
  return (
    <section aria-label={w.paymentMethodsList} className="grid grid-cols-1 gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-muted-foreground">{w.cardsAndBanks}</p>
        <Button className="shrink-0" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> {w.addMethod}
        </Button>
      </div>
      {methods.isPending ? (
        <div className="grid grid-cols-1 gap-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : methods.isError ? (
        <p role="alert" className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
          {w.methodsFailed}
        </p>
      ) : methods.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-card p-8 text-center text-muted-foreground">
          <WalletCards className="size-8" aria-hidden="true" />
          <p>{w.noMethods}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {methods.data.map((pm) => (
            <MethodRow key={pm.id} method={pm} />
          ))}
        </ul>
      )}
      <AddMethodDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}
