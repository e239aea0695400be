import { useLocation, useSearch } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { GiveTab } from "@/features/giving/give-tab";
import { WalletTab } from "@/features/wallet/wallet-tab";
import { useRoundUpSetting, useSaveRoundUp } from "@/features/wallet/api";
import { errorText } from "@/lib/api";
import { toast } from "@/components/ui/use-toast";
import { useI18n } from "@/lib/i18n";

type GivingTab = "give" | "wallet";

/** Give & Manage (spec section 2): two tabs, Give and Wallet. ?tab=wallet opens the wallet (links from emails and Home). */
export default function GivingPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const param = new URLSearchParams(search).get("tab");
  const tab: GivingTab = param === "wallet" ? "wallet" : "give";
  const { m } = useI18n();
  // The Give tab saves the wallet's round-up setting with a gift when it was changed there (spec section 4).
  const roundUp = useRoundUpSetting();
  const saveRoundUp = useSaveRoundUp({
    onSuccess: () => toast({ title: m.giving.roundUp.savedTitle, description: m.giving.roundUp.savedDescription }),
    onError: (err) => toast({ title: m.giving.roundUpSaveFailed, description: errorText(err), variant: "destructive" }),
  });
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{m.giving.title}</h1>
      <Tabs value={tab} onValueChange={(v) => navigate(v === "give" ? "/giving" : `/giving?tab=${v}`, { replace: true })}>
        <TabsList>
          <TabsTrigger value="give">{m.giving.tabGive}</TabsTrigger>
          <TabsTrigger value="wallet">{m.giving.tabWallet}</TabsTrigger>
        </TabsList>
        <TabsContent value="give">
          <GiveTab storedRoundUp={roundUp.data?.isEnabled} saveRoundUp={(isEnabled, onSaved) => saveRoundUp.mutate(isEnabled, { onSuccess: onSaved })} />
        </TabsContent>
        <TabsContent value="wallet">
          <WalletTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
