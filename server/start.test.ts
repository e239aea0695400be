/**
 * `npm start` runs the server bundle (scripts/build-server.mjs), not the TypeScript: this builds
 * it, as `npm start` would, and starts it on a fresh embedded database with the demo data, the
 * README's first command. Its migrations travel with it; a demo member signs in; SIGTERM stops it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fakeClientDir, startServerProcess, type ServerProcess } from "./testing/server-process";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./seed/demo";

const BUILD_SCRIPT = "../scripts/build-server.mjs";
type BuildServer = { buildServer: (outfile: string) => Promise<string> };

describe("the server bundle npm start runs", () => {
  // Inside the project, as dist/server is: the bundle loads its packages from node_modules.
  fs.mkdirSync("dist", { recursive: true });
  const dir = fs.mkdtempSync(path.join("dist", "test-bundle-"));
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "koinonia-bundle-data-"));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.kill();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(data, { recursive: true, force: true });
  });

  it("starts on a fresh embedded database with the demo data, serves a signed-in member, and stops on SIGTERM", { timeout: 120_000 }, async () => {
    const { buildServer } = (await import(BUILD_SCRIPT)) as BuildServer;
    const bundle = await buildServer(path.join(dir, "server/main.mjs"));
    expect(fs.existsSync(path.join(dir, "server/migrations/meta/_journal.json"))).toBe(true);

    server = await startServerProcess(
      { DATA_DIR: data, CLIENT_DIR: fakeClientDir(), SEED_DEMO: "true", LOG_LEVEL: "info" },
      "server-bundle",
      90_000,
      [path.resolve(bundle)],
    );
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    const member = DEMO_ACCOUNTS.find((a) => a.role === "MEMBER")!;
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: member.email, password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const me = await fetch(`${server.base}/api/church/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(member.email);

    server.child.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
  });
});
