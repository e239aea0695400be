import { describe, expect, it } from "vitest";
import { zodResolver } from "@hookform/resolvers/zod";
import { ZLogin, type LoginInput } from "@contract/auth";
import { lazyResolver } from "./lazy-resolver";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyResolver", () => {
  it("loads the schema once, however many times the form validates, and validates with it", async () => {
    let loads = 0;
    const resolver = lazyResolver<LoginInput>(async () => ((loads += 1), zodResolver(ZLogin)));
    resolver.preload();
    const bad = await resolver({ email: "nope", password: "" }, undefined, options);
    const good = await resolver({ email: "ruth@example.org", password: "secret" }, undefined, options);
    expect(loads).toBe(1);
    expect(Object.keys(bad.errors).sort()).toEqual(["email", "password"]);
    expect(bad.errors.email?.message).toBe("Invalid email address");
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: "ruth@example.org", password: "secret" });
  });

  it("lets the form through to the server when the schema cannot be loaded, and tries again next time", async () => {
    let loads = 0;
    const resolver = lazyResolver<LoginInput>(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return zodResolver(ZLogin);
    });
    const first = await resolver({ email: "nope", password: "" }, undefined, options);
    expect(first).toEqual({ values: { email: "nope", password: "" }, errors: {} });
    const second = await resolver({ email: "nope", password: "" }, undefined, options);
    expect(loads).toBe(2);
    expect(Object.keys(second.errors)).toContain("email");
  });
});
