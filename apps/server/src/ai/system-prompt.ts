// The system prompt every pass starts from: the vocabulary file with the page geometry, the 18 designer
// fonts (from the font manifest, with the scripts each covers) and the 22 page size presets filled in.
import { PAGE_SIZES } from "@docsvc/layout";
import type { PaperGeometry } from "./paper.js";
import { prompt, type PromptName } from "./prompts.js";

let families: Promise<Readonly<Record<string, readonly string[]>>> | undefined;

/** The designer font families and the scripts each covers (from the font manifest, read once). */
function designerFamilies(): Promise<Readonly<Record<string, readonly string[]>>> {
  // @docsvc/pdf loads with the first AI call: the server's main thread otherwise never needs it.
  families ??= import("@docsvc/pdf").then(({ readFontManifest }) => readFontManifest()).then((m) => Object.fromEntries(Object.entries(m.families).map(([name, f]) => [name, f.scripts])));
  families.catch(() => (families = undefined));
  return families;
}

/** The designer family a model named (any case), or null when it is not one of them (the body font then applies). */
export async function designerFont(name: string | null | undefined): Promise<string | null> {
  const wanted = name?.trim().toLowerCase();
  return Object.keys(await designerFamilies()).find((family) => family.toLowerCase() === wanted) ?? null;
}

/** The vocabulary plus one pass's instructions. */
export async function systemPrompt(paper: PaperGeometry, pass: PromptName, values: Readonly<Record<string, string | number>> = {}): Promise<string> {
  const vocabulary = await prompt("vocabulary", {
    pageWidth: paper.width,
    pageHeight: paper.roll ? "as tall as its content" : paper.height,
    pageName: paper.name,
    margin: paper.margin,
    contentWidth: paper.contentWidth,
    fonts: Object.entries(await designerFamilies()).map(([name, scripts]) => `- ${name} (${scripts.join(", ")})`).join("\n"),
    presets: Object.keys(PAGE_SIZES).join(", "),
  });
  return `${vocabulary}\n\n${await prompt(pass, { contentWidth: paper.contentWidth, ...values })}`;
}
