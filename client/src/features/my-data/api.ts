/**
 * "Your data" (issue 20): download the member's data as a file, delete the account. The server's
 * answers are in server/features/my-data/.
 */
import { API } from "@contract/api-paths";
import type { DeleteAccountInput } from "@contract/my-data";
import { apiRequest, downloadFile } from "@/lib/api";

/** Downloads GET /api/me/export and saves it under the server's file name. */
export async function downloadMyData() {
  await downloadFile(API.myData.export(), "koinonia-data.json");
}

/** DELETE /api/me: every session ends with it, this one too. */
export async function deleteMyAccount(input: DeleteAccountInput) {
  await apiRequest("DELETE", API.myData.account(), input);
}
