/**
 * The gift ledger (issue 19; decision 0113): every gift with its donor, for the OWNER and the
 * holders of the finance permission (the route's access is "finance"; PASTOR and STAFF without
 * it get 403 and read the totals instead). Filters: church-zone date range, fund, method
 * (card, wallet, or cash and check from a batch: gifts.method), status, donor name or email
 * (a member's, or a batch line's donor without an account; decision 0120).
 * Newest first, keyset-paginated on (created_at, id) with the exact timestamp in the cursor, so
 * a page never skips or repeats a gift however many share a millisecond. Each page carries the
 * per-fund totals of completed gifts for the same filters. Every view is written to the audit
 * log (who, the filters, how many donors' gifts were shown) before it is answered.
 */
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Db, Tx } from "../../db/client";
import { funds, giftRefunds, gifts } from "../../db/schema/giving";
import { users } from "../../db/schema/users";
import { givingBatchLines } from "../../db/schema/giving-batch-lines";
import type { AuthUser } from "../../http/auth";
import { exactTs, pageOf, readCursor } from "../../http/keyset";
import { audit } from "../../shared/audit";
import { fundName } from "../../shared/money/funds";
import type { LedgerGift, LedgerPage, ZLedgerQuery } from "../../../contract/giving-funds";
import type { Locale } from "../../../contract/i18n/locales";
import type { z } from "zod";
import { giftRange } from "./gift-range";
import { fundTotals } from "./giving-totals";
import { dayFundTotals } from "./day-totals";
import { methodFilter, methodOf } from "./gift-method";

type Query = z.output<typeof ZLedgerQuery>;


/** One keyset page of gifts matching `where` (which may name the donor), newest first, as the ledger shows them. */
export async function readLedgerPage(tx: Db | Tx, where: SQL | undefined, cursor: string | undefined, limit: number, locale: Locale): Promise<{ gifts: LedgerGift[]; nextCursor: string | null }> {
  const after = cursor ? readCursor(cursor, ["ts", "uuid"]) : null;
  const rows = await tx
    .select({
      g: gifts,
      ts: exactTs(gifts.createdAt),
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      nameEn: funds.nameEn,
      nameEs: funds.nameEs,
      guestName: givingBatchLines.donorName,
      guestEmail: givingBatchLines.donorEmail,
      // A refund still pending at the gateway is shown apart from the done ones (at most a page of gifts, by gift_refunds_gift_idx).
      pendingRefund: sql<string>`(select coalesce(sum(r.amount_cents), 0) from ${giftRefunds} r where r.gift_id = ${gifts.id} and r.status = 'pending')`,
    })
    .from(gifts)
    // Left: a cash or check gift may have no member (anonymous, or a donor without an account; decision 0120).
    .leftJoin(users, eq(users.id, gifts.userId))
    .leftJoin(givingBatchLines, eq(givingBatchLines.giftId, gifts.id))
    .innerJoin(funds, eq(funds.id, gifts.fundId))
    .where(and(where, after ? sql`(${gifts.createdAt}, ${gifts.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(limit + 1);
  const { page, nextCursor } = pageOf(rows, limit, (last) => [last.ts, last.g.id]);
  return {
    gifts: page.map((r) => ({
      id: r.g.id,
      createdAt: r.g.createdAt.toISOString(),
      // A member; else a batch line's donor without an account; else anonymous (no id, no name).
      donor: r.g.userId
        ? { id: r.g.userId, name: `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim(), email: r.email }
        : { id: null, name: r.guestName ?? "", email: r.guestEmail },
      fundId: r.g.fundId,
      fundName: fundName(r, locale),
      amountCents: r.g.amountCents,
      feeCents: r.g.feeCents,
      method: methodOf(r.g),
      batchId: r.g.batchId,
      status: r.g.status,
      recurring: r.g.recurringGiftId !== null,
      gatewayTransactionId: r.g.gatewayTransactionId,
      refundedCents: r.g.refundedCents,
      pendingRefundCents: Number(r.pendingRefund),
      refundableCents: r.g.status === "COMPLETED" ? r.g.amountCents + r.g.feeCents - r.g.refundedCents : 0,
    })),
    nextCursor,
  };
}

export async function listLedger(deps: Deps, actor: AuthUser, q: Query, locale: Locale): Promise<LedgerPage> {
  const range = giftRange(deps, q);
  const pattern = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const filters: (SQL | undefined)[] = [
    range.where,
    q.fundId ? eq(gifts.fundId, q.fundId) : undefined,
    methodFilter(q.method),
    // The donor search, as the set of matching members or batch donors without an account: the
    // totals then never read users.
    pattern
      ? or(
          inArray(
            gifts.userId,
            deps.db
              .select({ id: users.id })
              .from(users)
              .where(or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern))),
          ),
          inArray(
            gifts.id,
            deps.db
              .select({ id: givingBatchLines.giftId })
              .from(givingBatchLines)
              .where(or(ilike(givingBatchLines.donorName, pattern), ilike(givingBatchLines.donorEmail, pattern))),
          ),
        )
      : undefined,
  ];

  // The page and the totals are read side by side (two pool connections on PostgreSQL), then the
  // view is written to the audit log; only once that row is committed is the page answered, so an
  // answered view is never missing from the log (decision 0122: no transaction is needed for that,
  // and none is held across the reads).
  const [page, totals] = await Promise.all([
    readLedgerPage(deps.db, and(...filters, q.status ? eq(gifts.status, q.status) : undefined), q.cursor, q.limit, locale),
    // Without a donor search the day totals answer (decision 0123); a search names people and reads the gifts.
    pattern ? fundTotals(deps.db, and(...filters), locale) : dayFundTotals(deps.db, { from: range.from, to: range.to, fundId: q.fundId, method: q.method }, locale),
  ]);
  await audit(
    deps.db,
    actor,
    "giving.ledger.view",
    { from: range.from, to: range.to, fundId: q.fundId ?? null, method: q.method ?? null, status: q.status ?? null, q: q.q ?? null, page: q.cursor ? "next" : "first", gifts: page.gifts.length },
    deps.now(),
  );
  return {
    from: range.from,
    to: range.to,
    funds: totals,
    totalCents: totals.reduce((s, f) => s + f.totalCents, 0),
    count: totals.reduce((s, f) => s + f.count, 0),
    ...page,
  };
}
