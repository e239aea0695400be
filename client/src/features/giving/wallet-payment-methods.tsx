import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { CreditCard, Landmark, Plus, Star, Trash2, WalletCards } from "lucide-react";
import { WALLET_TEXT, type PaymentMethod } from "@contract/wallet";
import { apiJson, apiRequest } from "@/lib/api";
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
import { refreshWallet, usePaymentMethods } from "./wallet-api";
import { methodDetail, methodName } from "./wallet-format";
import { AddMethodDialog } from "./add-method-dialog";

function MethodRow({ m }: { m: PaymentMethod }) {
  const name = methodName(m);
  const Icon = m.type === "bank_account" ? Landmark : CreditCard;
  const makeDefault = useMutation({
    mutationFn: () => apiJson<PaymentMethod>("PUT", `/api/wallet/payment-methods/${m.id}`, { isDefault: true }),
    onSuccess: () => {
      toast({ title: WALLET_TEXT.defaultUpdated, description: `${name} is now your default.` });
      void refreshWallet();
    },
    onError: () => toast({ title: WALLET_TEXT.defaultFailed, variant: "destructive" }),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/wallet/payment-methods/${m.id}`),
    onSuccess: () => {
      toast({ title: WALLET_TEXT.methodRemoved, description: `${name} was removed.` });
      void refreshWallet();
    },
    onError: () => toast({ title: WALLET_TEXT.removeFailedTitle, description: WALLET_TEXT.removeFailed, variant: "destructive" }),
  });
  return (
    <li data-testid="payment-method" className="flex items-center gap-3 rounded-lg border border-border bg-card p-3 text-card-foreground shadow-sm">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{name}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {methodDetail(m)}
          {m.isDefault && <Badge>Default</Badge>}
        </p>
      </div>
      {!m.isDefault && (
        <Button variant="ghost" size="icon" aria-label={`Make ${name} the default`} title="Set as default" disabled={makeDefault.isPending} onClick={() => makeDefault.mutate()}>
          <Star aria-hidden="true" />
        </Button>
      )}
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} title="Remove" className="text-destructive" disabled={remove.isPending}>
            <Trash2 aria-hidden="true" />
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>Remove payment method</AlertDialogTitle>
          <AlertDialogDescription>
            {m.type === "bank_account"
              ? `${name} will be unlinked, and its purchases will no longer be rounded up.`
              : `${name} will be removed from your wallet.`}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button variant="destructive" onClick={() => remove.mutate()}>
                Remove
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
  return (
    <section aria-label="Payment methods" className="grid grid-cols-1 gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-muted-foreground">Cards and linked banks</p>
        <Button className="shrink-0" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> Add Method
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
          Failed to load payment methods
        </p>
      ) : methods.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-card p-8 text-center text-muted-foreground">
          <WalletCards className="size-8" aria-hidden="true" />
          <p>{WALLET_TEXT.noMethods}</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {methods.data.map((m) => (
            <MethodRow key={m.id} m={m} />
          ))}
        </ul>
      )}
      <AddMethodDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}
