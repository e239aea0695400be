/**
 * The text a PDF shows, for tests of the year-end statement's PDF (decision 0121): its content
 * streams inflated, the strings of each text operator joined, one per line (pdfkit writes hex
 * strings in WinAnsi, read here as latin1).
 */
import { inflateSync } from "node:zlib";

export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString("latin1");
  // Each stream's bytes are taken by its dictionary's /Length, not up to the next "endstream":
  // compressed data can itself end in a CR, which a pattern would swallow as the line break
  // before "endstream" (a 1-in-256 truncation that made this helper return nothing).
  const header = /\/Length (\d+)(?:(?!stream)[\s\S])*?>>\s*stream\r?\n/g;
  for (let m = header.exec(raw); m; m = header.exec(raw)) {
    const start = header.lastIndex;
    const data = raw.slice(start, start + Number(m[1]));
    header.lastIndex = start + data.length;
    let content: string;
    try {
      content = inflateSync(Buffer.from(data, "latin1")).toString("latin1");
    } catch {
      continue; // not a compressed content stream
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]) : [op[2]];
      lines.push(hexes.map((h) => Buffer.from(h, "hex").toString("latin1")).join(""));
    }
  }
  return lines.join("\n");
}
