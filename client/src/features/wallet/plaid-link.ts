/**
 * Plaid Link, loaded only when the server says the bank provider is Plaid
 * (docs/decisions/0022-bank-link-sandbox-and-plaid.md). Resolves with the public token Link
 * returns, or null when the member closes Link. The script comes from Plaid's CDN, which the
 * server's Content-Security-Policy allows only when Plaid is configured.
 */
import { WALLET_TEXT } from "@contract/wallet-text";

const SCRIPT = "https://cdn.plaid.com/link/v2/stable/link-initialize.js";

interface PlaidHandler {
  open(): void;
  destroy(): void;
}
interface PlaidGlobal {
  create(config: { token: string; onSuccess(publicToken: string): void; onExit(err: unknown): void }): PlaidHandler;
}
declare global {
  interface Window {
    Plaid?: PlaidGlobal;
  }
}

let loading: Promise<PlaidGlobal> | null = null;

function loadPlaid(): Promise<PlaidGlobal> {
  if (window.Plaid) return Promise.resolve(window.Plaid);
  loading ??= new Promise<PlaidGlobal>((resolve, reject) => {
    const s = document.createElement("script");
    s.src = SCRIPT;
    s.async = true;
    s.onload = () => (window.Plaid ? resolve(window.Plaid) : reject(new Error("Plaid Link did not load")));
    s.onerror = () => {
      loading = null;
      s.remove();
      reject(new Error("Plaid Link could not be loaded"));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export async function openPlaidLink(token: string): Promise<string | null> {
  const plaid = await loadPlaid();
  return new Promise((resolve, reject) => {
    const handler = plaid.create({
      token,
      onSuccess: (publicToken) => {
        handler.destroy();
        resolve(publicToken);
      },
      onExit: (err) => {
        handler.destroy();
        if (err) reject(new Error(WALLET_TEXT.linkInterrupted));
        else resolve(null);
      },
    });
    handler.open();
  });
}
