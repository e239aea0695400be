/**
 * Bank access tokens at rest (docs/architecture.md, Providers: secrets encrypted with a key from
 * config). A token is sealed with the bank account's id as its context, so a sealed value copied
 * into another row does not open. Shared because the wallet feature and the demo seed both seal.
 */
import type { SecretBox } from "../security/secret-box";

const context = (bankAccountId: string) => `bank-account:${bankAccountId}`;

export const sealAccessToken = (secrets: SecretBox, bankAccountId: string, token: string) => secrets.seal(token, context(bankAccountId));
export const openAccessToken = (secrets: SecretBox, bankAccountId: string, sealed: string) => secrets.open(sealed, context(bankAccountId));
