import { useState } from "react";
import { CreditCard, Landmark } from "lucide-react";
import { parseExpiry } from "@contract/wallet-text";
import { errorText } from "@/lib/api";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/utils";
import { useAddCard, useLinkBank } from "./api";
import { formatCardNumber, formatExpiry, methodName } from "./wallet-format";
import { useI18n } from "@/lib/i18n";

type Kind = "card" | "bank";

function CardForm({ onDone }: { onDone: () => void }) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvv, setCvv] = useState("");
  const { m: msg } = useI18n();
  const w = msg.wallet;
  const add = useAddCard({
    onSuccess: (m) => {
      toast({ title: w.cardAdded, description: (m.isDefault ? w.cardSavedAsDefault : w.cardSaved)(methodName(m)) });
      setNumber("");
      setExpiry("");
      setCvv("");
      onDone();
    },
    onError: (err) => toast({ title: w.addMethodFailed, description: errorText(err), variant: "destructive" }),
  });
  const submit = () => {
    // Spec section 5: all three are required, else one message.
    if (!number.trim() || !expiry.trim() || !cvv.trim()) {
      toast({ title: w.fillCardDetails, variant: "destructive" });
      return;
    }
    const exp = parseExpiry(expiry);
    if (!exp) {
      toast({ title: w.addMethodFailed, description: w.expiryInvalid, variant: "destructive" });
      return;
    }
    add.mutate({ type: "credit_card", cardNumber: number.replace(/\s/g, ""), expiryMonth: exp.month, expiryYear: exp.year, cvv });
  };
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <FormField id="card-number" label={msg.giving.cardNumber}>
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={23}
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="card-expiry" label={w.expiry}>
          <Input id="card-expiry" inputMode="numeric" autoComplete="cc-exp" placeholder={w.expiryPlaceholder} maxLength={5} value={expiry} onChange={(e) => setExpiry(formatExpiry(e.target.value))} />
        </FormField>
        <FormField id="card-cvv" label={msg.giving.cvv}>
          <Input
            id="card-cvv"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvv}
            onChange={(e) => setCvv(e.target.value.replace(/\D/g, "").slice(0, 4))}
          />
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">{w.cardStored}</p>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? w.adding : w.addCard}
      </Button>
    </form>
  );
}

function BankForm({ onDone }: { onDone: () => void }) {
  const w = useI18n().m.wallet;
  const link = useLinkBank(onDone, {
    onSuccess: (m) => {
      if (!m) return;
      toast({ title: w.bankLinked, description: w.bankLinkedDescription(methodName(m)) });
      onDone();
    },
    onError: (err) => toast({ title: w.bankLinkFailed, description: errorText(err), variant: "destructive" }),
  });
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground">
        {w.linkExplain}
      </p>
      <Button onClick={() => link.mutate()} disabled={link.isPending}>
        <Landmark aria-hidden="true" /> {link.isPending ? w.linking : w.linkBankAccount}
      </Button>
    </div>
  );
}

/** 'Add Method' (spec section 2): Credit Card (card number, expiry MM/YY, CVV, 'Add Card') or Link Bank. */
export function AddMethodDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [kind, setKind] = useState<Kind>("card");
  const w = useI18n().m.wallet;
  const choices: { value: Kind; label: string; icon: typeof CreditCard }[] = [
    { value: "card", label: w.creditCard, icon: CreditCard },
    { value: "bank", label: w.linkBank, icon: Landmark },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{w.addPaymentMethod}</DialogTitle>
          <DialogDescription>{w.addPaymentMethodDescription}</DialogDescription>
        </DialogHeader>
        <div role="radiogroup" aria-label={w.methodType} className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-1">
          {choices.map((c) => (
            <button
              key={c.value}
              type="button"
              role="radio"
              aria-checked={kind === c.value}
              onClick={() => setKind(c.value)}
              className={cn(
                "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-2 text-sm font-semibold text-muted-foreground",
                kind === c.value && "bg-card text-foreground shadow-sm",
              )}
            >
              <c.icon className="size-5" aria-hidden="true" /> {c.label}
            </button>
          ))}
        </div>
        {kind === "card" ? <CardForm onDone={() => onOpenChange(false)} /> : <BankForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
