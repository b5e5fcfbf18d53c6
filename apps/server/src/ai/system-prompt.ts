// The system prompt every pass starts from: the vocabulary file with the page geometry, the 18 designer
// fonts (from the font manifest, with the scripts each covers) and the 22 page size presets filled in.
import { PAGE_SIZES } from "@docsvc/layout";
import { readFontManifest } from "@docsvc/pdf";
import type { PaperGeometry } from "./paper.js";
import { prompt, type PromptName } from "./prompts.js";

let fonts: Promise<string> | undefined;

function fontList(): Promise<string> {
  fonts ??= readFontManifest().then((m) =>
    Object.entries(m.families)
      .map(([name, family]) => `- ${name} (${family.scripts.join(", ")})`)
      .join("\n"),
  );
  fonts.catch(() => (fonts = undefined));
  return fonts;
}

/** The vocabulary plus one pass's instructions. */
export async function systemPrompt(paper: PaperGeometry, pass: PromptName, values: Readonly<Record<string, string | number>> = {}): Promise<string> {
  const vocabulary = await prompt("vocabulary", {
    pageWidth: paper.width,
    pageHeight: paper.roll ? "as tall as its content" : paper.height,
    pageName: paper.name,
    margin: paper.margin,
    contentWidth: paper.contentWidth,
    fonts: await fontList(),
    presets: Object.keys(PAGE_SIZES).join(", "),
  });
  return `${vocabulary}\n\n${await prompt(pass, { contentWidth: paper.contentWidth, ...values })}`;
}
