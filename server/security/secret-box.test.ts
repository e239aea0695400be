/** Secrets at rest: round trip, tamper and wrong-context refusal, key parsing and the DATA_DIR key file. */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSecretBox, loadSecretsKey, parseSecretsKey } from "./secret-box";

describe("secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("seals to a value that holds no plaintext and opens back", () => {
    const sealed = box.seal("ghl-access-token-123", "integration:ghl:access");
    expect(sealed).toMatch(/^v1\.[\w-]{8}\.[\w-]+$/);
    expect(sealed).not.toContain("ghl-access-token-123");
    expect(box.seal("same", "c")).not.toBe(box.seal("same", "c"));
    expect(box.open(sealed, "integration:ghl:access")).toBe("ghl-access-token-123");
  });

  it("refuses a tampered value, another context and another key", () => {
    const sealed = box.seal("secret", "a");
    const last = sealed.at(-2) === "A" ? "B" : "A";
    expect(() => box.open(sealed.slice(0, -2) + last + sealed.at(-1), "a")).toThrow();
    expect(() => box.open(sealed, "b")).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, "a")).toThrow(/another SECRETS_KEY/);
    expect(() => box.open("plain text", "a")).toThrow(/Not a sealed secret/);
  });

  it("reads SECRETS_KEY as hex or base64 and refuses other lengths", () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseSecretsKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseSecretsKey("short")).toThrow(/32 bytes/);
  });

  it("without SECRETS_KEY keeps one generated key in DATA_DIR, readable only by its owner", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-secrets-"));
    const first = loadSecretsKey({ dataDir: dir });
    expect(first).toHaveLength(32);
    expect(loadSecretsKey({ dataDir: dir }).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, "secrets.key")).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
