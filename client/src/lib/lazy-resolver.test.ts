import { describe, expect, it } from "vitest";
import { zodResolver } from "@hookform/resolvers/zod";
import { ZLogin, type LoginInput } from "@contract/auth";
import { lazy, lazyResolver } from "./lazy-resolver";

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

describe("lazy", () => {
  it("loads once for every caller, answers null while it cannot load, and loads again after a failure", async () => {
    let loads = 0;
    let online = false;
    const value = lazy(async () => {
      loads += 1;
      if (!online) throw new TypeError("Failed to fetch dynamically imported module");
      return ZLogin;
    });
    expect(await value.get()).toBeNull();
    online = true;
    value.preload();
    const [a, b] = await Promise.all([value.get(), value.get()]);
    expect(a).toBe(ZLogin);
    expect(b).toBe(ZLogin);
    expect(loads).toBe(2);
  });
});
