/**
 * The CI dependency check must fail on a real high or critical advisory and must never fail for
 * lack of an answer from the registry (fixtures are npm 10's own JSON shapes).
 */
import { describe, expect, it } from "vitest";
import { judgeAudit } from "./npm-audit";

const report = (counts: Record<string, number>, vulnerabilities: Record<string, unknown> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts }, dependencies: { prod: 120 } },
  });

describe("judgeAudit", () => {
  it("passes a clean report", () => {
    expect(judgeAudit(report({}))).toMatchObject({ kind: "pass" });
  });

  it("passes low and moderate advisories (they are reported, not blocking)", () => {
    expect(judgeAudit(report({ low: 2, moderate: 1, total: 3 }, { "some-lib": { name: "some-lib", severity: "moderate", via: [] } })).kind).toBe("pass");
  });

  it("fails on a high advisory and names it, its advisory and whether a fix exists", () => {
    const verdict = judgeAudit(
      report(
        { high: 1, total: 1 },
        {
          fastify: {
            name: "fastify",
            severity: "high",
            range: "<=5.7.2",
            via: [{ title: "Content-Type header tab character allows body validation bypass", url: "https://github.com/advisories/GHSA-jx2c-rxcm-jvmq" }],
            fixAvailable: true,
          },
        },
      ),
    );
    expect(verdict.kind).toBe("fail");
    if (verdict.kind !== "fail") return;
    expect(verdict.findings).toHaveLength(1);
    expect(verdict.findings[0]).toMatch(/^high fastify <=5\.7\.2: Content-Type header tab character .*advisories\/GHSA-jx2c-rxcm-jvmq \[fix available/);
  });

  it("fails on a critical advisory reached through another package", () => {
    const verdict = judgeAudit(report({ critical: 1, total: 1 }, { "light-my-request": { name: "light-my-request", severity: "critical", via: ["cookie"], fixAvailable: false } }));
    expect(verdict).toMatchObject({ kind: "fail", findings: [expect.stringMatching(/^critical light-my-request .*via cookie \[no fix available\]/)] });
  });

  it("skips when the registry has no advisories endpoint (405 from a mirror)", () => {
    const mirror = JSON.stringify({
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      method: "POST",
      statusCode: 405,
      body: "",
      error: { summary: "", detail: "" },
    });
    expect(judgeAudit(mirror)).toEqual({ kind: "unavailable", reason: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk" });
  });

  it("skips when there is no network", () => {
    const offline = JSON.stringify({ error: { code: "ENOTFOUND", summary: "request to https://registry.npmjs.org/-/npm/v1/security/advisories/bulk failed", detail: "" } });
    expect(judgeAudit(offline)).toEqual({ kind: "unavailable", reason: "ENOTFOUND" });
    expect(judgeAudit("")).toMatchObject({ kind: "unavailable" });
    expect(judgeAudit("npm ERR! something")).toMatchObject({ kind: "unavailable" });
  });
});
