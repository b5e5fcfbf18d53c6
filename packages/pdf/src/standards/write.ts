// Declaring the requested standards in a painted document, just before its trailer: the XMP packet, the sRGB
// output intent (PDF/A), and the catalog entries PDF/UA asks of every file (the title shown, not the file name).
// The structure tree, /MarkInfo and marked content that PDF/UA also needs are the tagging painter's part.
import { pdfString, type PdfWriter } from "../paint/pdfkit.js";
import { archiveLevel, type PdfStandard } from "./levels.js";
import { srgbProfile } from "./icc.js";
import { buildXmp, uuidUri } from "./xmp.js";

/** What a paint needs to declare standards; `icc` is `await srgbProfile()`, loaded before painting starts. */
export interface StandardsPlan {
  readonly standards: readonly PdfStandard[];
  readonly icc: Uint8Array;
  /** Extra XMP (see XmpFields.extensions and extensionSchemas): e.g. Factur-X's properties and schema. */
  readonly xmpExtensions?: readonly string[];
  readonly xmpExtensionSchemas?: readonly string[];
}

/** Options as the render and paint functions take them. */
export interface StandardsOptions {
  readonly pdfStandards?: readonly PdfStandard[];
  readonly xmpExtensions?: readonly string[];
  readonly xmpExtensionSchemas?: readonly string[];
}

/** The plan for `options`, or undefined when no standard is asked for (the common case costs nothing). */
export async function standardsPlan(options: StandardsOptions): Promise<StandardsPlan | undefined> {
  const standards = options.pdfStandards;
  if (standards === undefined || standards.length === 0) return undefined;
  return {
    standards,
    icc: await srgbProfile(),
    ...(options.xmpExtensions !== undefined ? { xmpExtensions: options.xmpExtensions } : {}),
    ...(options.xmpExtensionSchemas !== undefined ? { xmpExtensionSchemas: options.xmpExtensionSchemas } : {}),
  };
}

/** The locale tokens are formatted in when a document names none (layout's default). */
export const DEFAULT_LANGUAGE = "en-US";

/** A PDF/UA document needs a title to display; a render without one (an inline render) gets this one. */
export const UNTITLED = "Untitled document";

/** The Info title of a paint under `standards`: PDF/UA requires one (7.1-9 dc:title). */
export function standardsTitle(title: string | undefined, standards: readonly PdfStandard[] | undefined): string | undefined {
  if (standards?.includes("ua-1") && (title === undefined || title.trim() === "")) return UNTITLED;
  return title;
}

/** Writes the metadata stream, the output intent and the catalog entries; call before `writer.end()`. */
export function writeStandards(writer: PdfWriter, plan: StandardsPlan, documentLanguage: string | undefined): void {
  const info = writer.info;
  const pdfa = archiveLevel(plan.standards);
  const ua = plan.standards.includes("ua-1");
  // PDF/UA wants the text's language determinable (7.2-34). A document that names none was formatted in the
  // engine's default locale (en-US: numbers, dates), which is then the honest answer.
  const language = documentLanguage ?? (ua ? DEFAULT_LANGUAGE : undefined);
  if (ua && writer.catalog.Lang === undefined && language !== undefined) writer.catalog.Lang = pdfString(language);
  const id = writer.fileId;
  const title = typeof info.Title === "string" ? info.Title : undefined;
  const xmp = buildXmp({
    ...(title !== undefined ? { title } : {}),
    ...(language ? { language } : {}),
    created: info.CreationDate as Date,
    modified: (info.ModDate ?? info.CreationDate) as Date,
    producer: String(info.Producer),
    creatorTool: String(info.Creator),
    // One document per render: the same identifier for the document and this instance of it.
    documentId: uuidUri(id),
    instanceId: uuidUri(id),
    ...(pdfa !== undefined ? { pdfa } : {}),
    ...(ua ? { pdfua: 1 as const } : {}),
    ...(plan.xmpExtensions !== undefined ? { extensions: plan.xmpExtensions } : {}),
    ...(plan.xmpExtensionSchemas !== undefined ? { extensionSchemas: plan.xmpExtensionSchemas } : {}),
  });
  const bytes = new TextEncoder().encode(xmp);
  writer.catalog.Metadata = writer.rawStream({ Type: "Metadata", Subtype: "XML", Length: bytes.length }, bytes);

  if (pdfa !== undefined) {
    // Device RGB and gray (images, their soft masks) are defined through this intent (6.2.4.3), and it is the
    // blending space of transparency (6.2.10), so no page needs a /Group colour space of its own.
    const profile = writer.ref({ N: 3 });
    profile.end(plan.icc);
    const intent = writer.ref({
      Type: "OutputIntent",
      S: "GTS_PDFA1",
      OutputConditionIdentifier: pdfString("sRGB IEC61966-2.1"),
      Info: pdfString("sRGB IEC61966-2.1"),
      RegistryName: pdfString("http://www.color.org"),
      DestOutputProfile: profile,
    });
    intent.end();
    writer.catalog.OutputIntents = [intent];
  }

  if (ua) {
    // Viewers show dc:title in the title bar instead of the file name (7.1-10). pdfkit ends the object itself.
    const preferences = writer.catalog.ViewerPreferences as { data: Record<string, unknown> } | undefined;
    if (preferences !== undefined) preferences.data.DisplayDocTitle = true;
    else writer.catalog.ViewerPreferences = writer.ref({ DisplayDocTitle: true });
  }
}
