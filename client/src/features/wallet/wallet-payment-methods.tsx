import { useState } from "react";
import { CreditCard, Landmark, Plus, Star, WalletCards } from "lucide-react";
import type { PaymentMethod } from "@contract/wallet";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DeleteButton } from "@/components/confirm-dialog";
import { toast } from "@/components/ui/use-toast";
import { QueryState, Skeletons } from "@/components/query-state";
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
      <DeleteButton
        label={w.removeMethodLabel(name)}
        hint={w.remove}
        disabled={remove.isPending}
        title={w.removeMethodTitle}
        description={method.type === "bank_account" ? w.bankWillUnlink(name) : w.cardWillBeRemoved(name)}
        confirmLabel={w.remove}
        onConfirm={() => remove.mutate()}
      />
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
      <QueryState query={methods} loading={<Skeletons count={2} className="h-16" />} error={w.methodsFailed} empty={w.noMethods} emptyIcon={WalletCards} look="box">
        {(items) => (
          <ul className="grid grid-cols-1 gap-3">
            {items.map((pm) => (
              <MethodRow key={pm.id} method={pm} />
            ))}
          </ul>
        )}
      </QueryState>
      <AddMethodDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}
