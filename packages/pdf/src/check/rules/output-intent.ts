// Colour (ISO 19005-2 6.2.3, 6.2.4.3): a PDF/A output intent with an ICC profile that matches it, and device
// colour spaces only where that intent defines them.
import { finding, type CheckContext, type CheckFinding } from "../context.js";

/** The PDF/A output intent's profile object and its colour components (N), if the file has one. */
export function pdfaIntent(ctx: CheckContext): { ref: string; n: number | undefined } | undefined {
  const { model } = ctx;
  for (const intent of model.array(model.catalog["/OutputIntents"]) ?? []) {
    const dict = model.dict(intent);
    if (dict === undefined || model.name(dict["/S"]) !== "GTS_PDFA1") continue;
    const profile = dict["/DestOutputProfile"];
    if (typeof profile !== "string") return undefined;
    return { ref: profile, n: model.number(model.dict(profile)?.["/N"]) };
  }
  return undefined;
}

const COLOUR_SPACES: Record<string, { readonly space: string; readonly n: number }> = {
  "RGB ": { space: "RGB", n: 3 },
  "GRAY": { space: "Gray", n: 1 },
  "CMYK": { space: "CMYK", n: 4 },
};

export function outputIntentRules(ctx: CheckContext): CheckFinding[] {
  const archive = ctx.archive;
  if (archive === undefined) return [];
  const { standard } = archive;
  const { model } = ctx;
  const out: CheckFinding[] = [];
  const intents = (model.array(model.catalog["/OutputIntents"]) ?? []).map((intent) => model.dict(intent)).filter((d) => d !== undefined);
  const pdfa = intents.filter((intent) => model.name(intent["/S"]) === "GTS_PDFA1");
  const intent = pdfaIntent(ctx);
  if (pdfa.length === 0) out.push(finding(standard, "6.2.3-1", "the catalog has no PDF/A output intent (/OutputIntents with /S /GTS_PDFA1)"));
  else if (intent === undefined) out.push(finding(standard, "6.2.3-1", "the PDF/A output intent has no /DestOutputProfile (ICC profile)"));
  // Several intents must all point at the same profile.
  const profiles = new Set(intents.map((d) => d["/DestOutputProfile"]).filter((p) => p !== undefined));
  if (profiles.size > 1) out.push(finding(standard, "6.2.3-2", "the output intents use different ICC profiles; they must share one"));

  let space: string | undefined;
  if (intent !== undefined) {
    const bytes = ctx.profiles.get(intent.ref);
    const header = bytes === undefined || bytes.length < 128 ? undefined : Buffer.from(bytes.subarray(0, 128));
    if (header === undefined || header.toString("latin1", 36, 40) !== "acsp") {
      out.push(finding(standard, "6.2.3-3", "the output intent's profile is not an ICC profile", [intent.ref]));
    } else {
      const known = COLOUR_SPACES[header.toString("latin1", 16, 20)];
      const deviceClass = header.toString("latin1", 12, 16);
      const major = header[8]!;
      if (known === undefined || (known.n !== intent.n && intent.n !== undefined)) out.push(finding(standard, "6.2.3-3", `the output intent's profile must be Gray, RGB or CMYK with /N matching its colour space (N ${intent.n ?? "missing"})`, [intent.ref]));
      if (deviceClass !== "mntr" && deviceClass !== "prtr") out.push(finding(standard, "6.2.3-3", `the output intent's profile must be an output (prtr) or monitor (mntr) profile, not "${deviceClass}"`, [intent.ref]));
      if (major >= 5) out.push(finding(standard, "6.2.3-3", `the output intent's ICC profile version ${major} is newer than PDF/A allows (below 5)`, [intent.ref]));
      space = known?.space;
    }
  }

  // Device colour spaces named in images and colour space resources: defined only by a matching intent.
  const misuse: Record<string, string[]> = {};
  const use = (name: string, ref: string): void => {
    const fits = space !== undefined && (name === "DeviceGray" || (name === "DeviceRGB" && space === "RGB") || (name === "DeviceCMYK" && space === "CMYK"));
    if (!fits) (misuse[name] ??= []).push(ref);
  };
  for (const [ref, dict] of model.allDicts()) {
    const cs = dict["/ColorSpace"];
    const name = model.name(cs);
    if (name === "DeviceRGB" || name === "DeviceCMYK" || name === "DeviceGray") use(name, ref);
    else if (cs !== undefined && model.dict(cs) !== undefined && model.name(dict["/Type"]) !== "XObject") {
      // A resource dictionary's /ColorSpace: named entries that are device spaces.
      for (const value of Object.values(model.dict(cs)!)) {
        const inner = model.name(value);
        if (inner === "DeviceRGB" || inner === "DeviceCMYK" || inner === "DeviceGray") use(inner, ref);
      }
    }
  }
  const rules: Record<string, string> = { DeviceRGB: "6.2.4.3-2", DeviceCMYK: "6.2.4.3-3", DeviceGray: "6.2.4.3-4" };
  for (const [name, refs] of Object.entries(misuse)) {
    out.push(finding(standard, rules[name]!, `${name} is used without ${space === undefined ? "an output intent" : `a matching output intent (the intent is ${space})`}`, refs));
  }
  return out;
}
