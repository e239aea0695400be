import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r("./client"),
  publicDir: r("./client/public"),
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@contract": r("./contract"), "@": r("./client/src") } },
  // CLIENT_OUT_DIR lets parallel test runs build side by side (the server reads CLIENT_DIR).
  build: { outDir: process.env.CLIENT_OUT_DIR ? r(`./${process.env.CLIENT_OUT_DIR}`) : r("./dist/client"), emptyOutDir: true, sourcemap: false },
  server: { proxy: { "/api": { target: "http://127.0.0.1:5000", changeOrigin: false } } },
});
