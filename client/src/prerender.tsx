/**
 * Build-time only (vite.config.ts, signedOutPrerender): the app as a visitor who is not signed
 * in first sees it, in English, as HTML. React's `prerender` waits for the lazy sign-in screen,
 * so the markup is the whole screen with its Suspense markers, which the browser's first render
 * hydrates (main.tsx). Nothing here runs in the browser.
 */
import { prerenderToNodeStream } from "react-dom/static";
import { App } from "./app/app";

export async function renderSignedOut(): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<App ssrPath="/" />);
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
