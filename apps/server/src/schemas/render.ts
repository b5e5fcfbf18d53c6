// Request bodies of the render endpoints.
import * as v from "valibot";
import { ThemeField } from "./common.js";

const DataField = v.record(v.string(), v.unknown(), "data must be a JSON object.");

export const RenderTemplateBody = v.object({
  data: DataField,
  theme: v.optional(ThemeField),
});

export const RenderInlineBody = v.object({
  content: v.string("content must be a string holding the template document (JSON text)."),
  data: DataField,
  baseTemplateId: v.nullish(v.pipe(v.string("baseTemplateId must be a UUID."), v.uuid("baseTemplateId must be a UUID."))),
  theme: v.optional(ThemeField),
});


