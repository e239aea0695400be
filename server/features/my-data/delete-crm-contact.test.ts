/**
 * Deleting an account deletes the member's CRM contact (issue 20, decision 0117): queued in the
 * deletion's transaction, made by the background-calls job against the GoHighLevel stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../testing/harness";
import { startGhlStandIn, type GhlStandIn } from "../../testing/ghl-stand-in";
import { connectGhlThroughStandIn } from "../../testing/connect-ghl";
import { runCrmSync } from "../../jobs/crm-sync";
import { runBackgroundCalls } from "../../jobs/background-calls";
import { backgroundCalls } from "../../db/schema/platform";
import { API } from "../../../contract/api-paths";

let ghl: GhlStandIn;
let t: TestApp;
beforeAll(async () => {
  ghl = await startGhlStandIn();
  t = await createTestApp({ env: ghl.env() });
  await connectGhlThroughStandIn(t, (await t.signUp("STAFF")).auth);
});
afterAll(async () => {
  await t.close();
  await ghl.close();
});

describe("deleting an account with the CRM connected", () => {
  it("deletes the member's contact at the CRM, and only theirs", async () => {
    const m = await t.signUp("MEMBER", { password: "leaving-now" });
    const stays = await t.signUp();
    await runCrmSync(t.deps);
    expect(ghl.state.contacts.has(m.user.email)).toBe(true);
    expect(ghl.state.contacts.has(stays.user.email)).toBe(true);

    const res = await t.app.inject({ method: "DELETE", url: API.myData.account(), headers: m.auth, payload: { password: "leaving-now" } });
    expect(res.statusCode, res.body).toBe(204);
    // Queued, not called during the request.
    expect(ghl.apiCalls("/contacts/").filter((r) => r.method === "DELETE")).toEqual([]);
    const stats = await runBackgroundCalls(t.deps);
    expect(stats.done).toBeGreaterThanOrEqual(1);
    expect(ghl.state.contacts.has(m.user.email)).toBe(false);
    expect(ghl.state.contacts.has(stays.user.email)).toBe(true);
    const [call] = await t.db.select().from(backgroundCalls).where(eq(backgroundCalls.kind, "crm.delete-contact"));
    expect(call.status).toBe("done");
  });
});
