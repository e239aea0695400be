/**
 * Push endpoints (endpoint-guard.ts): a name is judged by every address it resolves to, when it
 * is registered (notifications.test.ts) and again at each send (here), and the connection goes
 * only to the addresses checked.
 */
import { describe, expect, it } from "vitest";
import webpush from "web-push";
import { checkHost, isPublicAddress, pinnedLookup, type ResolvedAddress } from "./endpoint-guard";
import { createWebPushSender } from "./web-push";
import { testLookup } from "../../testing/dns-stand-in";

describe("isPublicAddress", () => {
  it("refuses loopback, link-local, private, unique-local, CGNAT, multicast, unspecified, reserved and their IPv4-mapped forms", () => {
    const refused = [
      "127.0.0.1", "127.255.0.9", "::1", "169.254.169.254", "fe80::1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "fd00::1", "fc00::2",
      "100.64.0.1", "100.127.255.254", "224.0.0.1", "ff02::1", "0.0.0.0", "::", "255.255.255.255", "192.0.2.1", "240.0.0.1",
      "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "64:ff9b::a00:1", "2002:a00:1::1", "not an address",
    ];
    for (const ip of refused) expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ["142.250.74.106", "93.184.215.14", "2a00:1450:4001:80b::200a", "::ffff:142.250.74.106", "100.128.0.1"]) expect(isPublicAddress(ip), ip).toBe(true);
  });
});

describe("checkHost", () => {
  it("resolves the name and wants every address public", async () => {
    expect(await checkHost("fcm.googleapis.com", testLookup)).toEqual({
      addresses: [
        { address: "142.250.74.106", family: 4 },
        { address: "2a00:1450:4001:80b::200a", family: 6 },
      ],
    });
    for (const host of ["127.0.0.1.nip.io", "localhost.", "metadata.google.internal", "intranet.church.example", "cgnat.example.org", "ula.example.org", "mapped.example.org", "multicast.example.org", "zero.example.org", "mixed.example.org", "[::1]", "10.1.2.3"]) {
      expect(await checkHost(host, testLookup), host).toEqual({ refused: "not-public" });
    }
    expect(await checkHost("no-such-name.example", testLookup)).toEqual({ refused: "unresolved" });
    expect(await checkHost("[2a00:1450:4001:80b::200a]", testLookup)).toEqual({ addresses: [{ address: "2a00:1450:4001:80b::200a", family: 6 }] });
  });
});

describe("pinnedLookup", () => {
  it("answers with the checked addresses only, in both of node's forms", () => {
    const checked: ResolvedAddress[] = [
      { address: "93.184.215.14", family: 4 },
      { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
    ];
    const lookup = pinnedLookup(checked) as unknown as (h: string, o: object, cb: (...a: unknown[]) => void) => void;
    const calls: unknown[][] = [];
    lookup("push.example.org", { all: true }, (...a) => calls.push(a));
    lookup("push.example.org", { family: 6 }, (...a) => calls.push(a));
    lookup("push.example.org", {}, (...a) => calls.push(a));
    expect(calls).toEqual([[null, checked], [null, checked[1].address, 6], [null, checked[0].address, 4]]);
  });
});

describe("sending", () => {
  const keys = webpush.generateVAPIDKeys();
  const vapidKeys = async () => ({ ...keys, subject: "mailto:pushes@koinonia.test" });
  const browser = { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64)]).toString("base64url"), auth: Buffer.alloc(16, 1).toString("base64url") };

  it("checks the name again at each send: a name that now resolves inside the network is not contacted", async () => {
    // A real browser key pair, so the payload can be encrypted.
    const ecdh = (await import("node:crypto")).createECDH("prime256v1");
    ecdh.generateKeys();
    const target = { endpoint: "https://push.example.org/push/abc", p256dh: ecdh.getPublicKey().toString("base64url"), auth: browser.auth };
    let answer: ResolvedAddress[] = [{ address: "10.0.0.7", family: 4 }];
    const sender = createWebPushSender({ vapidKeys, lookup: async () => answer, timeoutMs: 2000 });
    const refused = await sender.send(target, { payload: "{}", ttlSeconds: 60 });
    expect(refused).toMatchObject({ outcome: "failed" });
    expect((refused as { error: string }).error).toMatch(/not public/);
    answer = [];
    expect(await sender.send(target, { payload: "{}", ttlSeconds: 60 })).toMatchObject({ outcome: "retry" });
    expect(await sender.acceptsEndpoint(target.endpoint)).toBe(false);
  });

  it("reaches localhost only with the test-only allowance", async () => {
    const sender = createWebPushSender({ vapidKeys, lookup: testLookup });
    expect(await sender.acceptsEndpoint("http://127.0.0.1:9/push/x")).toBe(false);
    const inTests = createWebPushSender({ vapidKeys, lookup: testLookup, allowLocalTestHosts: true });
    expect(await inTests.acceptsEndpoint("http://127.0.0.1:9/push/x")).toBe(true);
    expect(await inTests.acceptsEndpoint("https://127.0.0.1.nip.io/push/x")).toBe(false);
  });
});
