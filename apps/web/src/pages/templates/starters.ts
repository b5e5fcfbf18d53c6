// What a new template starts from. The invoice example is loaded only when chosen (it is not in the first bundle).

/** A starting point: its content, its editor mode and sample data for the preview. */
export interface Starter {
  readonly content: string;
  readonly editorMode: "report" | "html";
  readonly data: Record<string, unknown>;
}

const BLANK_REPORT = {
  version: 4,
  pageSize: { id: "a4" },
  bands: [
    {
      id: "header",
      kind: "report-header",
      height: 60,
      elements: [{ id: "title", type: "text", x: 0, y: 0, width: 480, height: 32, role: "title", fontSize: 22, text: "Hello {{name}}" }],
    },
  ],
  schema: [{ key: "name", type: "string", sample: "world" }],
};

/** The kinds of starting point offered. */
export type StarterKind = "blank" | "invoice" | "html";

/** The starter's content and data. */
export async function loadStarter(kind: StarterKind): Promise<Starter> {
  switch (kind) {
    case "blank":
      return { content: JSON.stringify(BLANK_REPORT, null, 2), editorMode: "report", data: { name: "world" } };
    case "html":
      return { content: "<h1>Hello {{name}}</h1>\n<p>Edit this HTML; tokens such as {{name}} come from the data.</p>\n", editorMode: "html", data: { name: "world" } };
    case "invoice": {
      const [template, data] = await Promise.all([
        import("../../../../../fixtures/invoice.template.json?raw"),
        import("../../../../../fixtures/invoice-20.data.json?raw"),
      ]);
      return { content: template.default, editorMode: "report", data: JSON.parse(data.default) as Record<string, unknown> };
    }
  }
}
