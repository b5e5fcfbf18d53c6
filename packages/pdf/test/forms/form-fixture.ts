// A one-page form with one field of every kind, its defaults from the data: the forms tests' template.
import type { TemplateDocument } from "@docsvc/layout";

export const FORM_DATA = { applicant: { name: "Ada Lovelace", agrees: true }, plan: "Medium", country: "Japan" };

export const FORM_DOCUMENT: TemplateDocument = {
  version: 4,
  pageSize: { id: "a6" },
  margins: { top: 20, right: 20, bottom: 20, left: 20 },
  schema: [],
  bands: [{
    id: "form",
    kind: "report-header",
    height: 340,
    elements: [
      { id: "title", type: "text", x: 0, y: 0, width: 250, height: 18, text: "Membership form", role: "heading" },
      { id: "name", type: "field", kind: "text", name: "fullName", x: 0, y: 24, width: 240, height: 20, value: "{{applicant.name}}", required: true, label: "Full name" },
      { id: "notes", type: "field", kind: "multiline", name: "notes", x: 0, y: 50, width: 240, height: 44, value: "Prefers letters to e-mail; available on weekday evenings.", maxLength: 500 },
      { id: "agree", type: "field", kind: "checkbox", name: "agree", x: 0, y: 100, width: 14, height: 14, value: "{{applicant.agrees}}" },
      { id: "agreeText", type: "text", x: 20, y: 100, width: 200, height: 14, text: "I agree to the terms" },
      { id: "plan", type: "field", kind: "radio", name: "plan", x: 0, y: 120, width: 120, height: 54, options: ["Small", "Medium", "Large"], value: "{{plan}}" },
      { id: "country", type: "field", kind: "dropdown", name: "country", x: 0, y: 180, width: 150, height: 20, options: ["France", "Japan", "Peru"], value: "{{country}}", readOnly: true },
      { id: "date", type: "field", kind: "date", name: "signedOn", x: 0, y: 206, width: 100, height: 20, value: "2026-11-29" },
      { id: "sign", type: "field", kind: "signature", name: "signature", x: 0, y: 232, width: 200, height: 50, bg: "#f5f7fa" },
    ],
  }],
};
