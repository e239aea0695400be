/** Test helper: a staff member connects GoHighLevel through the real OAuth flow against the stand-in. */
import type { TestApp } from "./harness";
import { OAUTH_COOKIE } from "../features/integrations/start-ghl-authorization";

export async function connectGhlThroughStandIn(t: Pick<TestApp, "app">, auth: { authorization: string }) {
  const res = await t.app.inject({ method: "GET", url: "/api/integrations/ghl/authorize", headers: auth });
  if (res.statusCode !== 200) throw new Error(`authorize: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === OAUTH_COOKIE)!.value;
  const signIn = await fetch((res.json() as { authUrl: string }).authUrl, { redirect: "manual" });
  const back = new URL(signIn.headers.get("location")!);
  const cb = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}`, cookies: { [OAUTH_COOKIE]: cookie } });
  if (!cb.body.includes('data-ok="true"')) throw new Error(`callback: ${cb.statusCode} ${cb.body}`);
}
