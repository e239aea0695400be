import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Not precached by the service worker: the worker itself, the demo videos (large, streamed when played) and the compressed copies. */
const NOT_PRECACHED = [/^\/sw\.js$/, /^\/demo-videos\//, /\.(br|gz)$/];
/** Text files worth compressing ahead of time (the server sends these copies; see serveClient in server/app.ts). */
const PRECOMPRESSED = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * After the build, writes this build's version and file list into the service worker
 * (dist/client/sw.js, placeholder BUILD): the app shell it precaches, and a new worker (and a
 * fresh cache) for every build whose files changed. The manifest is served by the server, from
 * the church config.
 */
function appShellManifest(): Plugin {
  let outDir = "";
  return {
    name: "koinonia-app-shell",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(full);
          else files.push(`/${path.relative(outDir, full).split(path.sep).join("/")}`);
        }
      };
      walk(outDir);
      const precached = files.filter((f) => !NOT_PRECACHED.some((re) => re.test(f))).sort();
      const hash = createHash("sha256");
      for (const f of precached) hash.update(f).update(fs.readFileSync(path.join(outDir, f)));
      const build = { version: hash.digest("hex").slice(0, 16), files: [...precached, "/manifest.webmanifest"] };
      const sw = path.join(outDir, "sw.js");
      const source = fs.readFileSync(sw, "utf8");
      const placeholder = /\/\*__BUILD__\*\/ \{[^}]*\}/;
      if (!placeholder.test(source)) throw new Error("sw.js has no /*__BUILD__*/ placeholder");
      fs.writeFileSync(sw, source.replace(placeholder, JSON.stringify(build)));
      // Brotli at its best and gzip at 9, once per build, instead of on every request: smaller
      // than the server's on-the-fly compression (brotli 4) and no CPU spent per download when
      // a whole congregation opens the app at once.
      for (const f of files.filter((f) => PRECOMPRESSED.test(f))) {
        const full = path.join(outDir, f);
        const raw = fs.readFileSync(full);
        if (raw.length < 1024) continue;
        fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * A visitor who is not signed in lands on the sign-in screen, whose code is a lazy chunk the
 * router asks for only once the app's entry has run: a second round of downloads before the
 * first paint. The build writes that chunk and its own imports (not those of the entry) into
 * a meta tag, and theme-init.js, which runs first, preloads them when no one is signed in, so
 * both rounds download together. Signed-in members download nothing more.
 */
function signedOutPreload(): Plugin {
  return {
    name: "koinonia-signed-out-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === "chunk");
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (file: string, seen = new Set<string>()) => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const i of byFile.get(file)?.imports ?? []) closure(i, seen);
          return seen;
        };
        const entry = chunks.find((c) => c.isEntry);
        const login = chunks.find((c) => c.facadeModuleId?.endsWith("/features/auth/login-page.tsx"));
        if (!entry || !login) throw new Error("signed-out preload: no entry or login-page chunk");
        const already = closure(entry.fileName);
        const files = [...closure(login.fileName)].filter((f) => !already.has(f)).map((f) => `/${f}`);
        const script = '<script src="/theme-init.js"></script>';
        if (!html.includes(script)) throw new Error("signed-out preload: index.html does not load theme-init.js");
        return html.replace(script, `<meta name="koinonia-signed-out-preload" content="${files.join(" ")}" />\n    ${script}`);
      },
    },
  };
}

/**
 * The sign-in screen as HTML in index.html, so a visitor who is not signed in sees it (its
 * largest text, the first paint) before any script has run, instead of after the entry and the
 * screen's chunk have downloaded and run (Lighthouse's LCP on a phone: the render delay was 86%
 * of it). The build renders the app once, signed out, in English (client/src/prerender.tsx,
 * through a Vite SSR loader); the browser hydrates that markup (main.tsx). theme-init.js hides it
 * before the first paint from anyone who will not see it: a signed-in member, another language,
 * another signed-out page (register, forgot or reset password). Nothing in it depends on the church or the visitor.
 */
function signedOutPrerender(): Plugin {
  return {
    name: "koinonia-signed-out-prerender",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      async handler(html) {
        const { createServer } = await import("vite");
        const server = await createServer({
          configFile: r("./vite.config.ts"),
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: "custom",
          logLevel: "error",
        });
        let markup: string;
        try {
          const mod = (await server.ssrLoadModule("/src/prerender.tsx")) as { renderSignedOut(): Promise<string> };
          markup = await mod.renderSignedOut();
        } finally {
          await server.close();
        }
        // React hoists the logo's preload hint to the front; it belongs in the head.
        const hints: string[] = [];
        markup = markup.replace(/<link rel="preload"[^>]*\/>/g, (tag) => (hints.push(tag), ""));
        if (/<script/i.test(markup)) throw new Error("signed-out prerender: the markup has a script (the CSP allows none inline)");
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error("signed-out prerender: index.html has no empty #root");
        return html
          .replace("</head>", `  ${hints.join("")}\n  </head>`)
          .replace(root, `<div id="root" data-prerendered="signed-out">${markup}</div>`);
      },
    },
  };
}

export default defineConfig({
  root: r("./client"),
  publicDir: r("./client/public"),
  plugins: [react(), tailwindcss(), signedOutPreload(), signedOutPrerender(), appShellManifest()],
  resolve: { alias: { "@contract": r("./contract"), "@": r("./client/src") } },
  // CLIENT_OUT_DIR lets parallel test runs build side by side (the server reads CLIENT_DIR).
  build: {
    outDir: process.env.CLIENT_OUT_DIR ? r(`./${process.env.CLIENT_OUT_DIR}`) : r("./dist/client"),
    emptyOutDir: true,
    sourcemap: false,
    // dist/client/.vite/manifest.json: the module graph bench/client-size.bench.ts follows (never served: a dotfile).
    manifest: true,
  },
  server: { proxy: { "/api": { target: "http://127.0.0.1:5000", changeOrigin: false } } },
});
