import { describe, expect, it } from "vitest";
import { isoOf } from "./iso-time";

describe("isoOf", () => {
  it("writes PostgreSQL's UTC text as Date#toISOString would, milliseconds cut", () => {
    for (const text of [
      "2026-11-26 10:41:43.720123+00",
      "2026-11-26 10:41:43.7201+00",
      "2026-11-26 10:41:43.72+00",
      "2026-11-26 10:41:43.5+00",
      "2026-11-26 10:41:43.999999+00",
      "2026-11-26 10:41:43+00",
      "1999-12-31 23:59:59.000001+00",
    ]) {
      expect(isoOf(text), text).toBe(new Date(text).toISOString());
    }
    expect(isoOf("2026-11-26 10:41:43.720123+00")).toBe("2026-11-26T10:41:43.720Z");
  });

  it("reads any other zone or form through Date", () => {
    expect(isoOf("2026-11-26 05:41:43.72-05")).toBe("2026-11-26T10:41:43.720Z");
    expect(isoOf("2026-11-26 16:11:43.12+05:30")).toBe("2026-11-26T10:41:43.120Z");
    expect(isoOf(new Date("2026-11-26T10:41:43.720Z"))).toBe("2026-11-26T10:41:43.720Z");
  });
});
