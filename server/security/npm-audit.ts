/**
 * Reads `npm audit --omit=dev --json` for CI (.ci/run, scripts/audit.ts): production
 * dependencies must have no high or critical advisory. An audit the registry cannot answer
 * (offline, a mirror without the advisories endpoint: 404/405/5xx, DNS failure) is "unavailable"
 * and skipped with a line saying so; it never fails CI. A report that lists a high or critical
 * advisory always does.
 */
export type AuditVerdict =
  | { kind: "pass"; counts: Record<string, number> }
  | { kind: "fail"; counts: Record<string, number>; findings: string[] }
  | { kind: "unavailable"; reason: string };

interface AuditJson {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { name?: string; severity?: string; range?: string; via?: unknown[]; fixAvailable?: unknown }>;
  message?: string;
  statusCode?: number;
  error?: { code?: string; summary?: string; detail?: string };
}

const BLOCKING = new Set(["high", "critical"]);

export function judgeAudit(stdout: string): AuditVerdict {
  let json: AuditJson;
  try {
    json = JSON.parse(stdout) as AuditJson;
  } catch {
    return { kind: "unavailable", reason: stdout.trim() ? "npm audit did not answer with JSON" : "npm audit printed nothing" };
  }
  const counts = json.metadata?.vulnerabilities;
  if (counts && typeof counts === "object") {
    const findings = Object.entries(json.vulnerabilities ?? {})
      .filter(([, v]) => BLOCKING.has(String(v.severity)))
      .map(([name, v]) => {
        const titles = (v.via ?? [])
          .map((x) => (x && typeof x === "object" ? `${(x as { title?: string }).title ?? ""} ${(x as { url?: string }).url ?? ""}`.trim() : `via ${String(x)}`))
          .join("; ");
        const fix = v.fixAvailable === false ? "no fix available" : v.fixAvailable ? "fix available (npm audit fix, or upgrade)" : "";
        return `${v.severity} ${name} ${v.range ?? ""}: ${titles}${fix ? ` [${fix}]` : ""}`;
      });
    const blocking = (counts.high ?? 0) + (counts.critical ?? 0);
    return blocking > 0 ? { kind: "fail", counts, findings: findings.length ? findings : [`${blocking} high or critical advisories`] } : { kind: "pass", counts };
  }
  const reason = [json.error?.code, json.error?.summary, json.message, json.statusCode ? `HTTP ${json.statusCode}` : ""].find((r) => r) ?? "no report";
  return { kind: "unavailable", reason: String(reason).split("\n")[0] };
}
