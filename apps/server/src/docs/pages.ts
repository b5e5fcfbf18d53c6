// The documentation pages the service serves at /docs: every docs/*.md at the repository root (or in the
// installed package), listed once when the routes are made, so a page added on disk appears after a restart.
// Each page is read and rendered on its first request, then kept (a few kilobytes each).
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { pageTitle, renderDocsMarkdown } from "./markdown.js";

/** docs/ at the root, found from apps/server/dist/{src,bundle}/docs/ (built) or apps/server/src/docs/ (tsx). */
export function defaultDocsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = [`${sep}dist${sep}src${sep}docs`, `${sep}dist${sep}bundle${sep}docs`].some((tail) => here.endsWith(tail));
  return resolve(here, built ? "../../../../../docs" : "../../../../docs");
}

/** A page's route name: the file name without .md, lower case letters, digits and hyphens only. */
const NAME = /^[a-z0-9][a-z0-9-]*$/;

/** The order of the index: reading order first, the rest alphabetically. */
const FIRST = ["getting-started", "install", "templates", "html", "api", "operations", "security", "scaling-out", "ai", "collaboration"];

export interface DocsPage {
  readonly name: string;
  readonly title: string;
  /** The page as an HTML fragment. */
  readonly html: string;
}

export class DocsPages {
  readonly names: readonly string[];
  private readonly cache = new Map<string, Promise<DocsPage>>();

  constructor(private readonly dir: string) {
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      files = []; // no docs/ (a trimmed install): /docs lists nothing rather than failing the start
    }
    const names = files.filter((f) => f.endsWith(".md")).map((f) => f.slice(0, -3)).filter((n) => NAME.test(n) && n !== "readme" && n !== "index");
    const rank = (n: string): number => (FIRST.includes(n) ? FIRST.indexOf(n) : FIRST.length);
    this.names = names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  }

  has(name: string): boolean {
    return this.names.includes(name);
  }

  /** A listed page, rendered; undefined for a name that is not listed (nothing else is read). */
  page(name: string): Promise<DocsPage> | undefined {
    if (!this.has(name)) return undefined;
    let hit = this.cache.get(name);
    if (hit === undefined) {
      hit = readFile(join(this.dir, `${name}.md`), "utf8").then((markdown) => ({ name, title: pageTitle(markdown, name), html: renderDocsMarkdown(markdown) }));
      hit.catch(() => this.cache.delete(name));
      this.cache.set(name, hit);
    }
    return hit;
  }

  /** Every page's name and title, in index order. */
  async titles(): Promise<{ name: string; title: string }[]> {
    return Promise.all(this.names.map(async (name) => ({ name, title: (await this.page(name)!).title })));
  }
}
