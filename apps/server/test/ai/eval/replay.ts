// The fake model's script for the evaluation in CI: it "sees" the reference by being told which document
// it came from, and answers with that document (skeleton, then each band), its data as the samples. Scores
// near 1 then show the harness, the conversion both ways and the scoring work end to end.
import { parseDocument, toGenerated } from "@docsvc/layout";
import type { FakeScript } from "../support/fake-openai.js";

function fieldType(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (value !== null && typeof value === "object") return "object";
  return typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "string";
}

/** A script that replays `content` with `data` as the schema's samples. */
export function replayScript(content: string, data: Record<string, unknown>): FakeScript {
  const parsed = parseDocument(content);
  if (!parsed.ok) throw new Error("replay: invalid document");
  const wire = toGenerated(parsed.document, "Replay");
  const schema = Object.entries(data).map(([key, sample]) => ({ key, type: fieldType(sample), sample }));
  const skeleton = { ...wire, schema, bands: wire.bands.map(({ elements: _, failed: __, ...band }) => band) };
  return (call) => {
    if (call.pass === "skeleton") return { json: skeleton };
    const band = wire.bands.find((b) => b.id === call.bandId);
    return band ? { json: { bandId: band.id, height: band.height, elements: band.elements ?? [] } } : { status: 500 };
  };
}
