/**
 * A member's photo for an <img>. The photo URL needs the bearer token (GET
 * /api/members/:id/photo/:version/:size is for signed-in members), which an <img> cannot send,
 * so the bytes are fetched once per URL and shown through an object URL. The URL is versioned
 * and immutable: one fetch per version for the whole session, shared by every avatar.
 */
import { useEffect, useState } from "react";
import { storedToken } from "./api";

const loaded = new Map<string, Promise<string | null>>();

function load(url: string): Promise<string | null> {
  let p = loaded.get(url);
  if (!p) {
    const token = storedToken();
    p = fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then(async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : null))
      .catch(() => null);
    // A failure (offline) is tried again the next time an avatar asks.
    void p.then((src) => src === null && loaded.delete(url));
    loaded.set(url, p);
  }
  return p;
}

/** The photo's displayable URL, or null while it loads, when there is none, or when it failed. */
export function useMemberPhoto(url: string | null | undefined): string | null {
  const [src, setSrc] = useState<{ url: string; src: string | null } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    void load(url).then((s) => live && setSrc({ url, src: s }));
    return () => {
      live = false;
    };
  }, [url]);
  return url && src?.url === url ? src.src : null;
}
