/**
 * The one way the client calls the API (spec section 7): JSON content type and body only
 * when a body is given, the stored token as a bearer header, credentials always included,
 * and any non-ok response becomes an Error whose message is "status: body text".
 */
import type { QueryFunction } from "@tanstack/react-query";

export const TOKEN_KEY = "token";
export const USER_KEY = "user";

export const storedToken = () => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

async function throwIfResNotOk(res: Response) {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

function headers(hasBody: boolean, extra?: Record<string, string>): Record<string, string> {
  const h: Record<string, string> = { ...extra };
  if (hasBody) h["Content-Type"] = "application/json";
  const token = storedToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

export async function apiRequest(method: string, url: string, data?: unknown, extraHeaders?: Record<string, string>): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: headers(data !== undefined, extraHeaders),
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest, then the JSON body (or null for an empty answer). */
export async function apiJson<T>(method: string, url: string, data?: unknown, extraHeaders?: Record<string, string>): Promise<T> {
  const res = await apiRequest(method, url, data, extraHeaders);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

type UnauthorizedBehavior = "returnNull" | "throw";

/** Read calls: the URL is the query key's segments joined with "/". */
export const getQueryFn =
  <T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> =>
  async ({ queryKey }) => {
    const res = await fetch(queryKey.join("/"), { headers: headers(false), credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };

/**
 * The readable part of an API error for a toast: the server's `error` field when the body
 * is our JSON error, else the whole "status: text" message.
 */
export function errorText(err: unknown): string | undefined {
  if (!(err instanceof Error) || !err.message) return undefined;
  const m = /^\d{3}: ([\s\S]*)$/.exec(err.message);
  if (!m) return err.message;
  try {
    const body = JSON.parse(m[1]) as { error?: unknown };
    if (typeof body.error === "string") return body.error;
  } catch {
    /* not JSON */
  }
  return m[1];
}
