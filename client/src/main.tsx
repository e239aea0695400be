import "./index.css";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app/app";
import { currentLocale, loadLocale } from "@/lib/i18n";
import { registerServiceWorker } from "@/lib/service-worker";
import { storedToken } from "@/lib/api";

registerServiceWorker();

/**
 * index.html carries the sign-in screen, signed out and in English (vite.config.ts,
 * signedOutPrerender). When theme-init.js left it showing and the app agrees this visitor sees
 * exactly that (English), React hydrates it: the screen stays as painted and comes alive.
 * Otherwise (signed in, another language, another page) it is cleared and the app renders anew.
 */
function render() {
  const root = document.getElementById("root")!;
  const prerendered = root.hasAttribute("data-prerendered") && document.documentElement.dataset.prerender !== "skip";
  if (prerendered && currentLocale() === "en") {
    // After the screen's first frame: on a slow phone the browser would otherwise run the
    // whole first render before painting what the HTML already holds. A sign-in in another
    // tab in the meantime (a token now stored) makes the app render the signed-in tree, which
    // is not what the HTML holds: then it renders anew, as for any signed-in member.
    requestAnimationFrame(() => setTimeout(() => (storedToken() ? renderAnew(root) : hydrateRoot(root, <App />))));
    return;
  }
  renderAnew(root);
}

function renderAnew(root: HTMLElement) {
  root.replaceChildren();
  root.removeAttribute("data-prerendered");
  createRoot(root).render(<App />);
}

// A member who reads another language than English gets its texts first (one small chunk, in
// parallel with nothing else to wait for); if it cannot be fetched the app opens in English.
void loadLocale(currentLocale()).catch(() => undefined).then(render);
