/**
 * The web app manifest (what a phone needs to install the app), built from the church config so
 * each deployment installs under its own church's name and colours. Icons are PNG files in the
 * built client (client/public/icons, rendered from the logo by scripts/render-app-icons.ts):
 * 192 and 512 pixels, each as an ordinary and a maskable icon (docs/decisions/0080). Once staff
 * upload a logo, the icons are its images (church-logo.ts), under versioned URLs, so an installed
 * app picks up a new logo when the browser next reads the manifest (decision 0106).
 */
import { z } from "zod";
import type { Church } from "../../../contract/church";
import { API } from "../../../contract/api-paths";

/** The light theme's background (client/src/index.css), the splash screen's default. */
export const DEFAULT_BACKGROUND = "#FAF8F5";

export const APP_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

/** The uploaded logo's icons, by version. */
export const uploadedIcons = (version: string) => [
  { src: API.church.logo({ version, file: "192.png" }), sizes: "192x192", type: "image/png", purpose: "any" },
  { src: API.church.logo({ version, file: "512.png" }), sizes: "512x512", type: "image/png", purpose: "any" },
  { src: API.church.logo({ version, file: "maskable-192.png" }), sizes: "192x192", type: "image/png", purpose: "maskable" },
  { src: API.church.logo({ version, file: "maskable-512.png" }), sizes: "512x512", type: "image/png", purpose: "maskable" },
];

export function buildManifest(church: Pick<Church, "name" | "shortName" | "accentColor" | "backgroundColor" | "mission" | "logoVersion">) {
  return {
    id: "/",
    name: church.name,
    short_name: church.shortName ?? church.name.split(/\s+/)[0].slice(0, 12),
    description: church.mission,
    lang: "en",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: church.accentColor,
    background_color: church.backgroundColor ?? DEFAULT_BACKGROUND,
    icons: church.logoVersion ? uploadedIcons(church.logoVersion) : APP_ICONS.map((icon) => ({ ...icon })),
  };
}

export const ZWebManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  dir: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  orientation: z.string(),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() })),
});
