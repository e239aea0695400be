/**
 * The one way the client calls the API (spec section 7): JSON content type and body only
 * when a body is given, the stored token as a bearer header, credentials always included,
 * and any non-ok response becomes an Error whose message is "status: body text".
 */
import type { QueryFunction } from "@tanstack/react-query";
import { CONNECTION_TEXTS } from "@contract/connection";
import { currentLocale } from "./i18n";

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
  // The member's language, so the server's error messages come back in it.
  const h: Record<string, string> = { "Accept-Language": currentLocale(), ...extra };
  if (hasBody) h["Content-Type"] = "application/json";
  const token = storedToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/**
 * While a sign-out is under way (`endingSession`, lib/auth.tsx) no read goes out with the token
 * being ended: one sent between the logout's answer and the token's removal would be refused
 * (401). Such a read is a signed-in screen's, about to be unmounted and its cache dropped: it
 * waits, unanswered. Reads without that token (the sign-in screens') go out as always.
 */
let endingToken: string | null = null;
export function endingSession(token: string | null) {
  endingToken = token;
}
const held = () => endingToken !== null && storedToken() === endingToken;
/** What a held read answers: nothing, ever. */
const never = <T>() => new Promise<T>(() => {});

export async function apiRequest(method: string, url: string, data?: unknown, extraHeaders?: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  if (method === "GET" && held()) return never();
  const res = await fetch(url, {
    method,
    headers: headers(data !== undefined, extraHeaders),
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
    signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** A raw upload (a logo): the file itself as the body, with its own Content-Type; the JSON answer back. */
export async function apiUpload<T>(method: string, url: string, file: Blob): Promise<T> {
  const h = headers(false, { "Content-Type": file.type || "application/octet-stream" });
  const res = await fetch(url, { method, headers: h, body: file, credentials: "include" });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
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
    if (held()) return never();
    const res = await fetch(queryKey.join("/"), { headers: headers(false), credentials: "include" });
    if (on401 === "returnNull" && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };

/**
 * Whether a call failed for lack of network (fetch rejects with a TypeError when it gets no
 * answer at all), as opposed to an answer with an error status ("status: body" Error).
 */
export function isNetworkError(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof DOMException && err.name === "NetworkError");
}

/**
 * The readable part of an API error for a toast: the server's `error` field when the body
 * is our JSON error, else the whole "status: text" message; no answer at all says so plainly.
 */
export function errorText(err: unknown): string | undefined {
  if (isNetworkError(err)) return CONNECTION_TEXTS.writeFailed;
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

/**
 * GETs `url` (with the session, as apiRequest) and saves the answer as a file under the name the
 * server gives in Content-Disposition, else `fallbackName`: a member's data export, the giving CSV.
 */
export async function downloadFile(url: string, fallbackName: string) {
  const res = await apiRequest("GET", url);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement("a");
    a.href = href;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
