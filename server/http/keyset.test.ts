import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { AppError } from "./app-error";
import { pageOf, readCursor, writeCursor } from "./keyset";
import { ERROR_TEXT } from "../../contract/errors-text";

const refused = (f: () => unknown, field = "query.cursor") => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const err = e as AppError;
    expect(err.status).toBe(400);
    expect(err.extra.issues).toEqual([{ path: field, message: err.message }]);
    return err.message;
  }
  throw new Error("not refused");
};

describe("keyset cursors (server/http/keyset.ts)", () => {
  it("reads back what it wrote, part by part", () => {
    const id = randomUUID();
    const c = writeCursor("2026-11-26T07:10:00.123456Z", id);
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(readCursor(c, ["ts", "uuid"])).toEqual(["2026-11-26T07:10:00.123456Z", id]);
    expect(readCursor(writeCursor("O'Brien | x", "Ann", id), ["text", "text", "uuid"])).toEqual(["O'Brien | x", "Ann", id]);
    expect(readCursor(writeCursor("2024-02-29", id), ["date", "uuid"])).toEqual(["2024-02-29", id]);
    expect(readCursor(writeCursor("2026-11-26T07:10:00.123456Z", "going", "9007199254740993"), ["ts", "text", "int"])).toEqual(["2026-11-26T07:10:00.123456Z", "going", "9007199254740993"]);
  });

  it("refuses anything it did not write, or a part of the wrong kind, with the field's 400", () => {
    const id = randomUUID();
    const bad = [
      "bm9wZQ",
      "%%%",
      writeCursor(id),
      writeCursor("2026-11-26T07:10:00Z", id, id),
      writeCursor("yesterday", id),
      writeCursor("2026-02-30T00:00:00Z", id),
      writeCursor("2026-11-26T07:10:00Z", "1; drop table users"),
      Buffer.from(JSON.stringify(["2026-11-26T07:10:00Z", 5])).toString("base64url"),
      Buffer.from(JSON.stringify({ a: 1 })).toString("base64url"),
    ];
    for (const c of bad) expect(refused(() => readCursor(c, ["ts", "uuid"])), c).toBe(ERROR_TEXT.invalidCursor);
    for (const day of ["2026-02-30", "0000-01-01", "2026-13-01"]) expect(refused(() => readCursor(writeCursor(day, id), ["date", "uuid"])), day).toBe(ERROR_TEXT.invalidCursor);
    for (const n of ["-1", "1.5", "1e3", "", "1234567890123456789", "1; select 1"]) expect(refused(() => readCursor(writeCursor(n), ["int"])), n).toBe(ERROR_TEXT.invalidCursor);
    expect(refused(() => readCursor("bm9wZQ", ["uuid"], "cursor", "Search again."), "cursor")).toBe("Search again.");
  });

  it("pageOf: the cursor after the page's last row only when a row follows", () => {
    const rows = [{ k: "a" }, { k: "b" }, { k: "c" }];
    expect(pageOf(rows, 3, (r) => [r.k])).toEqual({ page: rows, nextCursor: null });
    const two = pageOf(rows, 2, (r) => [r.k]);
    expect(two.page).toEqual(rows.slice(0, 2));
    expect(readCursor(two.nextCursor!, ["text"])).toEqual(["b"]);
    expect(pageOf([], 2, () => ["x"])).toEqual({ page: [], nextCursor: null });
  });
});
