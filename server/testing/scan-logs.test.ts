/**
 * The log scan must find every kind of secret it promises to (and name the file and line),
 * and stay quiet on what clean logs hold: request ids, timestamps, response times, hashes of
 * ids, asset names.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatFindings, knownTestSecrets, scanLogDir, scanText } from "./scan-logs";
import { newToken } from "../http/tokens";

const needles = ["koinonia-demo", "secret-pass"];
const scan = (line: string) => scanText(line, "x.log", needles).map((f) => f.what);

describe("scanText finds", () => {
  it.each([
    ["the demo password", '{"msg":"login","note":"koinonia-demo"}', "a known test secret"],
    ["a test password in plain text", "password was secret-pass", "a known test secret"],
    ["an argon2 hash", '{"row":"$argon2id$v=19$m=19456,p=1,t=2$abc$def"}', "an argon2 password hash"],
    ["a bearer header", "authorization: Bearer abcdefghijklmnop", "a bearer token"],
    ["a session token anywhere", `{"msg":"issued ${newToken()}"}`, "a token-shaped value"],
    ["a reset link's token", '{"req":{"url":"/auth/reset-password?token=abc"}}', "a credential in a URL (token=)"],
    ["an OAuth code", "GET /api/integrations/ghl/callback?state=1&code=xyz", "a credential in a URL (code=)"],
    ["a card number", '{"note":"card 4242424242424242"}', "a card number"],
    ["a card number with spaces", "card 4242 4242 4242 4242 declined", "a card number"],
    ["an uncensored CVV field", '{"body":{"payment_method_data":{"card_cvv":"123"}}}', 'an uncensored credential field "body.payment_method_data.card_cvv"'],
    ["an uncensored password field", '{"password":"x"}', 'an uncensored credential field "password"'],
    ["an uncensored authorization header", '{"req":{"headers":{"authorization":"Basic eA=="}}}', 'an uncensored credential field "req.headers.authorization"'],
    ["an uncensored token hash", '{"tokenHash":"ab12"}', 'an uncensored credential field "tokenHash"'],
    ["an authenticator-app secret", '{"msg":"secret JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"}', "an authenticator-app secret"],
    ["an otpauth link", "otpauth://totp/Church:a%40b.org?secret=JBSWY3DPEHPK3PXP&issuer=Church", "a credential in a URL (secret=)"],
    ["an uncensored sign-in ticket", '{"body":{"ticket":"abc"}}', 'an uncensored credential field "body.ticket"'],
    ["uncensored recovery codes", '{"recoveryCodes":["abcd-efgh-jkmn"]}', 'an uncensored credential field "recoveryCodes"'],
  ])("%s", (_what, line, expected) => {
    expect(scan(line)).toContain(expected);
  });

  it("names the file and the line", () => {
    const findings = scanText('{"ok":1}\n{"ok":2}\n{"password":"hunter22"}\n', "server__x.test.ts.log", needles);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ file: "server__x.test.ts.log", line: 3 });
    expect(formatFindings(findings)).toMatch(/^server__x\.test\.ts\.log:3: an uncensored credential field "password"/);
    expect(formatFindings(findings)).not.toContain("hunter22");
  });
});

describe("scanText stays quiet on clean lines", () => {
  it.each([
    '{"level":30,"time":1795439753152,"pid":27072,"hostname":"vm","reqId":"634a342c-3869-4e77-a5f0-7c3abea62511","res":{"statusCode":200},"responseTime":9.903521364343,"msg":"request completed"}',
    '{"req":{"method":"GET","url":"/auth/reset-password?token=[redacted]"},"password":"[redacted]","user":{"token":"[redacted]"}}',
    '{"gatewayId":"sbx_ch_4a1b2c3d4e5f60718293a4b5","sha":"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}',
    '{"req":{"url":"/assets/index-BxY12abc.js"},"msg":"incoming request"}',
    '{"req":{"url":"/assets/triangle-alert-shield-check-Bq3xY9ZkLm0A.js"},"msg":"incoming request"}',
    '{"err":{"type":"Error","message":"Failed query: select 1\\nparams: [2 withheld from logs]","code":"23505","detail":"[redacted]"}}',
    "Koinonia is running at http://localhost:5150  (database: embedded PGlite in /tmp/koinonia-e2e-9FLbqn)",
    '{"time":4242424242424242}',
    '{"reqId":"42424242-4242-4242-90a2-c043b0db9bc8","msg":"ids whose digit groups pass Luhn"}',
  ])("%s", (line) => {
    expect(scan(line)).toEqual([]);
  });
});

describe("scanLogDir", () => {
  it("reads every file of the run directory, nested ones too", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scan-logs-"));
    try {
      fs.writeFileSync(path.join(dir, "a.log"), '{"ok":true}\n');
      fs.mkdirSync(path.join(dir, "e2e"));
      fs.writeFileSync(path.join(dir, "e2e", "server.log"), 'line one\n{"cvv":"123"}\n');
      const { files, findings } = scanLogDir(dir, needles);
      expect(files).toHaveLength(2);
      expect(findings.map((f) => [path.basename(f.file), f.line])).toEqual([["server.log", 2]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("knownTestSecrets", () => {
  it("harvests the demo, harness, test and browser-test passwords and the sandbox cards from the sources", () => {
    const secrets = knownTestSecrets();
    expect(secrets).toEqual(
      expect.arrayContaining(["koinonia-demo", "secret-pass", "hash-me-please", "old-password", "faithful-123", "4242424242424242", "4000000000000002"]),
    );
    // Short or digit-only literals ("12345") would match port numbers; "[redacted]" is what a clean log holds.
    expect(secrets).not.toContain("12345");
    expect(secrets).not.toContain("[redacted]");
  });
});
