// Shared by the tests: the fixture documents of the repository, and two Y.Docs kept in sync like two browsers.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TemplateDocument } from "@docsvc/layout";
import * as Y from "yjs";

/** The repository root (tests run from packages/collab-doc/dist/test). */
export const REPO = fileURLToPath(new URL("../../../../", import.meta.url));

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (entry.endsWith(".template.json")) out.push(path);
  }
}

/**
 * Every report fixture of the repository's fixtures/ (which holds copies of the shared invoice and receipt): only
 * files in the checkout, so the same tests run wherever it is cloned.
 */
export function fixtureFiles(): string[] {
  const out: string[] = [];
  walk(join(REPO, "fixtures"), out);
  return out;
}

/** A fixture as parsed JSON. */
export function loadDocument(path: string): TemplateDocument {
  return JSON.parse(readFileSync(path, "utf8")) as TemplateDocument;
}

/** The invoice fixture. */
export function invoice(): TemplateDocument {
  return loadDocument(join(REPO, "fixtures", "invoice.template.json"));
}

/** Two Y.Docs that exchange every update at once (as the hub does), except while `paused`. */
export function pair(): { a: Y.Doc; b: Y.Doc; pause(): void; resume(): void } {
  const a = new Y.Doc();
  const b = new Y.Doc();
  let paused = false;
  const queue: { to: Y.Doc; update: Uint8Array }[] = [];
  const wire = (from: Y.Doc, to: Y.Doc): void => {
    from.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin === "remote") return;
      if (paused) queue.push({ to, update });
      else Y.applyUpdate(to, update, "remote");
    });
  };
  wire(a, b);
  wire(b, a);
  return {
    a,
    b,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const { to, update } of queue.splice(0)) Y.applyUpdate(to, update, "remote");
    },
  };
}
