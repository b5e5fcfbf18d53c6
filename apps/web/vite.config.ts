// Vite: the app is built into dist/app (served by `docsvc serve`); dist/test holds the compiled e2e tests.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  // A placeholder the server replaces with a fresh nonce in every index.html it serves (routes/web.ts): Vite
  // writes it into <meta property="csp-nonce">, where the app reads it for the <style> elements CodeMirror
  // and react-remove-scroll insert, which the Content Security Policy allows by that nonce alone.
  html: { cspNonce: "DOCSVC_CSP_NONCE" },
  build: {
    outDir: "dist/app",
    emptyOutDir: true,
    // Hashed names under assets/ are what the server caches for a year.
    assetsDir: "assets",
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // `vite` in development forwards the API to a `docsvc serve` on the default port.
    proxy: { "/api": "http://127.0.0.1:8080", "/openapi": "http://127.0.0.1:8080", "/fonts": "http://127.0.0.1:8080", "/hubs": { target: "http://127.0.0.1:8080", ws: true } },
  },
  test: {
    include: ["test/unit/**/*.test.{ts,tsx}"],
    environment: "jsdom",
  },
});
