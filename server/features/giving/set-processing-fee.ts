/**
 * The church's processing fee (OWNER and PASTOR; issue 19, decision 0113): what a giver adds
 * when they choose "Cover the processing fee". One row, written in one transaction with its
 * audit row (a fee change changes what givers are charged). A recurring gift keeps the fee it
 * was set up with; the new fee applies to gifts from now on.
 */
import type { Deps } from "../../deps";
import { givingSettings } from "../../db/schema/giving";
import type { AuthUser } from "../../http/auth";
import { audit } from "../../shared/audit";
import type { FeeSettings } from "../../../contract/giving-funds";
import { readProcessingFeeIn } from "../../shared/money/funds";

export async function setProcessingFee(deps: Deps, actor: AuthUser, fee: FeeSettings): Promise<FeeSettings> {
  return deps.db.transaction(async (tx) => {
    const before = await readProcessingFeeIn(tx);
    const values = { feePercentBps: fee.percentBps, feeFixedCents: fee.fixedCents, updatedAt: deps.now() };
    await tx
      .insert(givingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: givingSettings.id, set: values });
    await audit(tx, actor, "giving.fee.change", { before, after: fee }, deps.now());
    return fee;
  });
}
