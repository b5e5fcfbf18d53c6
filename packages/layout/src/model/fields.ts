// Rules about form fields that look across elements: a field name is used once in the document (a PDF form
// keys its values by name: two fields of one name share one value), and a radio group or dropdown has
// options to choose from. They read the raw input defensively, like references.ts.
import type { ReferenceProblem } from "./references.js";

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/** Duplicate field names and choice fields without options, at their JSON paths; never throws. */
export function fieldProblems(bands: unknown): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  if (!Array.isArray(bands)) return problems;
  const first = new Map<string, string>();
  bands.forEach((band: unknown, b) => {
    const elements = field(band, "elements");
    if (!Array.isArray(elements)) return;
    elements.forEach((element: unknown, e) => {
      if (field(element, "type") !== "field") return;
      const path = `bands[${b}].elements[${e}]`;
      const name = field(element, "name");
      if (typeof name === "string" && name !== "") {
        const owner = first.get(name);
        if (owner === undefined) first.set(name, path);
        else problems.push({ path: `${path}.name`, message: `duplicate field name '${name}'; ${owner} already uses it (a form keeps one value per name)` });
      }
      const kind = field(element, "kind");
      if (kind !== "radio" && kind !== "dropdown") return;
      const options = field(element, "options");
      if (!Array.isArray(options) || options.length === 0) {
        problems.push({ path: `${path}.options`, message: `is required for a ${kind} field: the choices, e.g. ["Yes", "No"]` });
      } else if (new Set(options).size !== options.length) {
        problems.push({ path: `${path}.options`, message: "each option must be different" });
      }
    });
  });
  return problems;
}
