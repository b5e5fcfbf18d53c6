// Response shapes, as valibot schemas so the OpenAPI document is generated the same way as for requests.
// They describe what the services return (services/views.ts and friends); route tests check the match.
import * as v from "valibot";
import { PLANS } from "../services/plans.js";

const Id = v.pipe(v.string(), v.uuid());
const Timestamp = v.pipe(v.string(), v.isoTimestamp());
const RoleName = v.picklist(["Owner", "Editor", "Viewer"]);
const PlanName = v.picklist(PLANS);

export const Ok = v.object({ ok: v.literal(true) });

export const User = v.object({ id: Id, email: v.string(), emailVerified: v.boolean(), createdAt: Timestamp });

export const Workspace = v.object({ id: Id, name: v.string(), plan: PlanName });

export const TokenResponse = v.object({
  accessToken: v.pipe(v.string(), v.description("Session JWT (HS256), valid for expiresIn seconds.")),
  tokenType: v.literal("Bearer"),
  expiresIn: v.number(),
  user: User,
  workspace: Workspace,
  role: RoleName,
});

export const VerifiedEmail = v.object({ ok: v.literal(true), user: User });

export const Me = v.object({ user: User, workspace: Workspace, role: RoleName, isAdmin: v.boolean() });

export const SessionInfo = v.object({
  sessionId: Id,
  userId: Id,
  email: v.string(),
  workspaceId: Id,
  role: RoleName,
  createdAt: Timestamp,
  expiresAt: Timestamp,
});

export const OAuthProvider = v.object({
  id: v.pipe(v.string(), v.description("The {provider} path segment.")),
  label: v.string(),
});

export const Identity = v.object({
  id: Id,
  provider: v.string(),
  label: v.string(),
  email: v.pipe(v.nullable(v.string()), v.description("The address the provider reported when it was linked.")),
  createdAt: Timestamp,
});

export const WorkspaceListItem = v.object({ id: Id, name: v.string(), role: RoleName, plan: PlanName });

export const Member = v.object({ userId: Id, email: v.string(), role: RoleName, joinedAt: Timestamp });

export const Invite = v.object({
  id: Id,
  email: v.string(),
  role: RoleName,
  expiresAt: Timestamp,
  token: v.string(),
  url: v.string(),
});

export const InvitePreview = v.object({
  workspaceName: v.string(),
  role: RoleName,
  inviterEmail: v.nullable(v.string()),
  redeemable: v.boolean(),
  expiresAt: Timestamp,
});

export const ApiKey = v.object({
  id: Id,
  name: v.string(),
  prefix: v.string(),
  createdAt: Timestamp,
  lastUsedAt: v.nullable(Timestamp),
});

export const CreatedApiKey = v.object({
  ...ApiKey.entries,
  key: v.pipe(v.string(), v.description("The secret (dsk_…). Shown only in this response.")),
});

export const TemplateSummary = v.object({
  id: Id,
  name: v.string(),
  editorMode: v.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const StoredSampleData = v.pipe(
  v.nullable(v.record(v.string(), v.unknown())),
  v.description("The template's sample data (what the designer and previews fill tokens with), shared and versioned with it; null when none was saved."),
);

export const Template = v.object({
  ...TemplateSummary.entries,
  content: v.string(),
  sampleData: StoredSampleData,
  yStateSeq: v.optional(v.pipe(v.number(), v.description("Only after a save carrying yState: the shared document's snapshot seq, which now covers that state."))),
});

const RenderCounts = v.object({ total: v.number(), api: v.number(), preview: v.number(), ai: v.number() });

export const Usage = v.object({
  periodStart: Timestamp,
  periodEnd: Timestamp,
  plan: PlanName,
  renders: RenderCounts,
  pages: v.number(),
  aiGenerations: v.object({ used: v.number(), limit: v.nullable(v.number()) }),
});

export const DailyUsage = v.object({
  periodStart: Timestamp,
  periodEnd: Timestamp,
  days: v.array(v.object({ date: v.string(), renders: RenderCounts, pages: v.number() })),
});

export const AdminWorkspace = v.object({
  id: Id,
  name: v.string(),
  plan: PlanName,
  createdAt: Timestamp,
  memberCount: v.number(),
});

export const Health = v.object({
  status: v.picklist(["ok", "degraded", "error"]),
  database: v.picklist(["ok", "unreachable"]),
  /** Only with the BullMQ queue (REDIS_URL): unreachable makes the status `degraded` (200); submissions answer 503. */
  batchQueue: v.optional(v.picklist(["ok", "unreachable"])),
});

export const ProblemDetails = v.object({
  type: v.string(),
  title: v.string(),
  status: v.number(),
  detail: v.string(),
  errors: v.optional(v.record(v.string(), v.array(v.string()))),
  traceId: v.string(),
});

/** The render-time theme (documentation of what validateTheme accepts). */
export const Theme = v.nullable(
  v.strictObject({
    primary: v.nullish(v.pipe(v.string(), v.regex(/^$|^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/))),
    accent: v.nullish(v.pipe(v.string(), v.regex(/^$|^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/))),
  }),
);

export const TemplateVersion = v.object({
  id: Id,
  number: v.pipe(v.number(), v.integer(), v.description("Per template, from 1.")),
  kind: v.picklist(["auto", "manual", "restore"]),
  label: v.nullable(v.string()),
  editorMode: v.pipe(v.picklist(["report", "html"]), v.description("The editor mode the content was saved under; restoring the version restores it.")),
  authorId: v.nullable(Id),
  createdAt: Timestamp,
  updatedAt: v.pipe(v.string(), v.isoTimestamp(), v.description("The last save coalesced into this version.")),
});

export const TemplateVersionDetail = v.object({ ...TemplateVersion.entries, content: v.string(), sampleData: StoredSampleData });

export const BatchJobCreated = v.object({ jobId: Id });

/** One content problem of a render (a missing glyph, a broken image, an unknown filter…): the PDF was still made. */
export const RenderDiagnostic = v.object({
  code: v.pipe(v.string(), v.description("Stable machine-readable code, e.g. image.undecodable, glyph.missing.")),
  message: v.string(),
  path: v.pipe(v.string(), v.description("Where in the template document, e.g. bands[2].elements[0].")),
});

/** A template converted from HTML (import-html, upgrade-to-report) with what the conversion did not carry over. */
export const ImportedTemplate = v.object({
  ...Template.entries,
  diagnostics: v.pipe(v.array(RenderDiagnostic), v.description("import.dropped for each thing the report does not do as the HTML did (a data-if not on a block of the body, a data-each outside a table row, images, absolutely positioned boxes…), plus the HTML's own diagnostics (removed scripts, unsupported CSS).")),
});

/** What a render answers with `?diagnostics=json`. */
export const RenderDiagnostics = v.object({
  pages: v.number(),
  diagnostics: v.array(RenderDiagnostic),
});

export const BatchJob = v.object({
  jobId: Id,
  status: v.picklist(["pending", "processing", "completed", "failed"]),
  total: v.number(),
  completed: v.number(),
  failed: v.number(),
  output: v.picklist(["zip", "merged"]),
  error: v.pipe(v.nullable(v.string()), v.description("Why a failed job failed.")),
  createdAt: Timestamp,
  finishedAt: v.nullable(Timestamp),
  expiresAt: v.pipe(v.nullable(Timestamp), v.description("When the result is deleted (24 hours after the job finished).")),
});

/** Per-row outcomes of a batch job (0-based indexes), as in the ZIP's report.json. */
export const BatchReport = v.object({
  jobId: Id,
  total: v.number(),
  completed: v.number(),
  failed: v.number(),
  failures: v.array(v.object({ index: v.number(), reason: v.nullable(v.string()) })),
  emailsNotSent: v.array(v.object({ index: v.number(), reason: v.nullable(v.string()) })),
  diagnostics: v.pipe(
    v.array(v.object({ index: v.number(), diagnostics: v.array(RenderDiagnostic) })),
    v.description("Every row whose render reported content problems (failed rows too)."),
  ),
});

export const SentEmail = v.object({ ok: v.literal(true), to: v.string(), fileName: v.string(), pages: v.number() });

export const BasePdf = v.object({
  pageCount: v.number(),
  pages: v.array(v.object({ index: v.number(), width: v.pipe(v.number(), v.description("Points.")), height: v.pipe(v.number(), v.description("Points.")) })),
  fileName: v.string(),
  bytes: v.number(),
  createdAt: Timestamp,
});

/** The base-PDF upload form, for the OpenAPI document. */
export const BasePdfUploadForm = v.object({ file: v.pipe(v.string(), v.description("The PDF (binary), at most 20 MB.")) });

/** POST /api/tools/check-pdf: the rules of the checked standards the PDF breaks. */
export const CheckPdfReport = v.object({
  standards: v.pipe(v.array(v.string()), v.description("The standards checked (a-2b, a-2u, a-3b, a-3u, ua-1).")),
  source: v.pipe(v.picklist(["requested", "declared"]), v.description("requested: from ?standards=; declared: from the file's XMP metadata.")),
  findings: v.array(v.object({
    standard: v.string(),
    rule: v.pipe(v.string(), v.description("Clause and test, in veraPDF's style (6.2.11.4.1-1).")),
    message: v.string(),
    objects: v.optional(v.pipe(v.array(v.string()), v.description("Up to 10 objects (\"12 0 R\") where the rule fails."))),
  })),
  passed: v.pipe(v.boolean(), v.description("No rule checked here fails (not a certificate: some rules, such as those on content streams, are not checked).")),
});
