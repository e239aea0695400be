import type { Db } from "../../db/client";
import type { SecretBox } from "../../security/secret-box";
import type { Config } from "../../config";
import type { PushSender } from "./port";
import { createVapidKeySource } from "./vapid";
import { createWebPushSender } from "./web-push";
import type { LookupAll } from "./endpoint-guard";

/** Web Push to whatever push service a subscription names, with VAPID keys from config or the database. */
export function createPushSender(opts: { db: Db; secrets: SecretBox; config: Config["push"]; lookup?: LookupAll }): PushSender {
  return createWebPushSender({ vapidKeys: createVapidKeySource(opts), lookup: opts.lookup, allowLocalTestHosts: opts.config.allowLocalhostEndpoints });
}
