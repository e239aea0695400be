import { useLocation, useSearch } from "wouter";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { GiveTab } from "@/features/giving/give-tab";
import { WalletTab } from "@/features/wallet/wallet-tab";
import { useI18n } from "@/lib/i18n";

type GivingTab = "give" | "wallet";

/** Give & Manage (spec section 2): two tabs, Give and Wallet. ?tab=wallet opens the wallet (links from emails and Home). */
export default function GivingPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const param = new URLSearchParams(search).get("tab");
  const tab: GivingTab = param === "wallet" ? "wallet" : "give";
  const { m } = useI18n();
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{m.giving.title}</h1>
      <Tabs value={tab} onValueChange={(v) => navigate(v === "give" ? "/giving" : `/giving?tab=${v}`, { replace: true })}>
        <TabsList>
          <TabsTrigger value="give">{m.giving.tabGive}</TabsTrigger>
          <TabsTrigger value="wallet">{m.giving.tabWallet}</TabsTrigger>
        </TabsList>
        <TabsContent value="give">
          <GiveTab />
        </TabsContent>
        <TabsContent value="wallet">
          <WalletTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
