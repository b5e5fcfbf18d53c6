// Request bodies and queries of /api/templates/{templateId}/versions.
import * as v from "valibot";

const LabelField = v.nullish(
  v.pipe(v.string("label must be a string or null."), v.trim(), v.maxLength(200, "label must be at most 200 characters.")),
);

export const CreateVersionBody = v.object({ label: LabelField });

export const RenameVersionBody = v.object({ label: LabelField });

const PositiveIntString = (name: string, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, `${name} must be a positive integer.`),
      v.transform(Number),
      v.minValue(1, `${name} must be a positive integer.`),
      v.maxValue(max, `${name} must be at most ${max}.`),
    ),
  );

export const VersionListQuery = v.object({
  limit: PositiveIntString("limit", 200),
  before: PositiveIntString("before", 999_999_999),
});
