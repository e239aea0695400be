/**
 * "Your data" (issue 20): download the member's data as a file, delete the account. The server's
 * answers are in server/features/my-data/.
 */
import { API } from "@contract/api-paths";
import type { DeleteAccountInput } from "@contract/my-data";
import type { Locale } from "@contract/i18n/locales";
import type { WalletBalance } from "@contract/wallet";
import type { Fund } from "@contract/giving-funds";
import { useQuery } from "@tanstack/react-query";
import { apiRequest, downloadFile } from "@/lib/api";

/** Downloads GET /api/me/export and saves it under the server's file name. */
export async function downloadMyData() {
  await downloadFile(API.myData.export(), "koinonia-data.json");
}

/** DELETE /api/me: every session ends with it, this one too. */
export async function deleteMyAccount(input: DeleteAccountInput) {
  await apiRequest("DELETE", API.myData.account(), input);
}

/**
 * What the delete dialog tells about the wallet (decision 0117): its balance and the fund it will
 * be given to (the default). The same queries, by key, as the Wallet and Give tabs.
 */
export function useLeftBalance(enabled: boolean, locale: Locale) {
  const balance = useQuery<WalletBalance>({ queryKey: [API.wallet.balance()], enabled });
  const funds = useQuery<Fund[]>({ queryKey: [`${API.giving.funds()}?locale=${locale}`], enabled: enabled && (balance.data?.balanceCents ?? 0) > 0 });
  const fund = funds.data?.find((f) => f.isDefault);
  return balance.data && balance.data.balanceCents > 0 && fund ? { cents: balance.data.balanceCents, fund: fund.name } : null;
}
