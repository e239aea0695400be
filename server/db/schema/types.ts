import { customType } from "drizzle-orm/pg-core";

/** Binary data (images re-encoded by the server) as a Buffer, whichever driver reads it (pg or PGlite). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
