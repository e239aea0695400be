/**
 * A small parser for a YouTube channel's public Atom feed
 * (https://www.youtube.com/feeds/videos.xml?channel_id=...). The feed has no durations.
 * A document that is not an Atom feed throws FeedError; entries missing their id, title
 * or date are skipped rather than failing the whole feed.
 */
export class FeedError extends Error {}

export interface FeedVideo {
  externalId: string;
  title: string;
  description: string;
  url: string;
  thumbnailUrl: string | null;
  publishedAt: Date;
  viewCount: number;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeXml(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1")
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
      if (e[0] === "#") {
        const code = e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    });
}

const esc = (tag: string) => tag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const text = (xml: string, tag: string) => {
  const m = new RegExp(`<${esc(tag)}(?:\\s[^>]*)?>([\\s\\S]*?)</${esc(tag)}>`).exec(xml);
  return m ? decodeXml(m[1]).trim() : null;
};
const attr = (xml: string, tag: string, name: string, where?: RegExp) => {
  const re = new RegExp(`<${esc(tag)}\\s([^>]*?)/?>`, "g");
  for (const m of xml.matchAll(re)) {
    if (where && !where.test(m[1])) continue;
    const a = new RegExp(`\\b${esc(name)}="([^"]*)"`).exec(m[1]);
    if (a) return decodeXml(a[1]);
  }
  return null;
};

export function parseYouTubeFeed(xml: string): FeedVideo[] {
  if (!/<feed[\s>]/.test(xml) || !/<\/feed>\s*$/.test(xml.trim())) throw new FeedError("Not an Atom feed");
  const out: FeedVideo[] = [];
  for (const m of xml.matchAll(/<entry(?:\s[^>]*)?>([\s\S]*?)<\/entry>/g)) {
    const e = m[1];
    const externalId = text(e, "yt:videoId") ?? text(e, "id")?.replace(/^yt:video:/, "") ?? null;
    const title = text(e, "title");
    const published = text(e, "published");
    const publishedAt = published ? new Date(published) : null;
    if (!externalId || !/^[\w-]{6,20}$/.test(externalId) || !title || !publishedAt || Number.isNaN(publishedAt.getTime())) continue;
    const href = attr(e, "link", "href", /rel="alternate"/);
    const url = href && /^https:\/\//.test(href) ? href : `https://www.youtube.com/watch?v=${externalId}`;
    const thumb = attr(e, "media:thumbnail", "url");
    const views = Number(attr(e, "media:statistics", "views") ?? 0);
    out.push({
      externalId,
      title,
      description: text(e, "media:description") ?? "",
      url,
      thumbnailUrl: thumb && /^https:\/\//.test(thumb) ? thumb : null,
      publishedAt,
      viewCount: Number.isSafeInteger(views) && views >= 0 ? views : 0,
    });
  }
  return out;
}
