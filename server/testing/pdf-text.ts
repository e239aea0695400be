/**
 * The text a PDF shows, for tests of the year-end statement's PDF (decision 0121): its content
 * streams inflated, the strings of each text operator joined, one per line (pdfkit writes hex
 * strings in WinAnsi, read here as latin1).
 */
import { inflateSync } from "node:zlib";

export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const raw = pdf.toString("latin1");
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], "latin1")).toString("latin1");
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
