// The prompts are Markdown files (prompts/*.md, each with a version line) so they can be read, diffed and
// reviewed as text. tsc does not copy them into dist, so they are read from the package's src/ folder,
// found from this file's location whether it runs compiled (dist/src/ai/, or dist/bundle/ai/ as the production
// bundle rewrites this file's import.meta.url) or from source (src/ai/).
import { readFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The prompt files by name. */
export type PromptName = "vocabulary" | "skeleton" | "band" | "revise-plan" | "revise-band" | "check" | "refine" | "legacy";

/** The folder holding the prompt files. */
export function promptsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = [`${sep}dist${sep}src${sep}ai`, `${sep}dist${sep}bundle${sep}ai`].some((tail) => here.endsWith(tail));
  return built ? resolve(here, "../../../src/ai/prompts") : join(here, "prompts");
}

const cache = new Map<PromptName, Promise<string>>();

/** A prompt file's text with `{{name}}` placeholders filled from `values` (other placeholders stay). */
export async function prompt(name: PromptName, values: Readonly<Record<string, string | number>> = {}): Promise<string> {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFile(join(promptsDir(), `${name}.md`), "utf8").then((t) => t.replace(/^<!--.*?-->\n/, ""));
    text.catch(() => cache.delete(name));
    cache.set(name, text);
  }
  return (await text).replace(/\{\{(\w+)\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
