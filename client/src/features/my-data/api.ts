/**
 * "Your data" (issue 20): download the member's data as a file, delete the account. The server's
 * answers are in server/features/my-data/.
 */
import { API } from "@contract/api-paths";
import type { DeleteAccountInput } from "@contract/my-data";
import { apiRequest } from "@/lib/api";

/** Downloads GET /api/me/export and saves it under the server's file name. */
export async function downloadMyData() {
  const res = await apiRequest("GET", API.myData.export());
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "koinonia-data.json";
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** DELETE /api/me: every session ends with it, this one too. */
export async function deleteMyAccount(input: DeleteAccountInput) {
  await apiRequest("DELETE", API.myData.account(), input);
}
