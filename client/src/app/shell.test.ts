import { describe, expect, it } from "vitest";
import { isTabActive } from "./shell";

describe("bottom navigation active tab (spec section 2)", () => {
  it("is active when its path starts the current path; Home also on /", () => {
    expect(isTabActive("/sunday", "/")).toBe(true);
    expect(isTabActive("/sunday", "/sunday")).toBe(true);
    expect(isTabActive("/giving", "/giving")).toBe(true);
    expect(isTabActive("/giving", "/sunday")).toBe(false);
    expect(isTabActive("/connect", "/")).toBe(false);
    expect(isTabActive("/prayer", "/prayer/wall")).toBe(true);
  });
});
