// The OpenAPI 3.1.1 document, generated from the operation table and the valibot schemas.
import { toJsonSchemaDefs, type JsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { GeneratedBand, GeneratedBandTemplate, GeneratedChartSeries, GeneratedColumn, GeneratedCrop, GeneratedElement, GeneratedField, GeneratedPageSize } from "@docsvc/layout";
import * as ai from "../schemas/ai.js";
import * as auth from "../schemas/auth.js";
import * as batch from "../schemas/batch.js";
import * as collab from "../schemas/collab.js";
import { RoleCheck, ThemeField } from "../schemas/common.js";
import * as render from "../schemas/render.js";
import { ProtectField } from "../schemas/protect.js";
import { StampsField } from "../schemas/stamps.js";
import { EinvoiceField } from "../schemas/einvoice.js";
import { PdfStandardsField } from "../schemas/pdf-standards.js";
import * as responses from "../schemas/responses.js";
import * as templates from "../schemas/templates.js";
import * as sendEmail from "../schemas/send-email.js";
import * as sign from "../schemas/sign.js";
import * as versions from "../schemas/versions.js";
import * as webhooks from "../schemas/webhooks.js";
import * as workspaces from "../schemas/workspaces.js";
import { OPAQUE_PARAMS, OPERATIONS, type OperationSpec } from "./operations.js";

type Json = Record<string, unknown>;
type AnySchema = v.BaseSchema<unknown, unknown, v.BaseIssue<unknown>>;

/** Component schemas, named exactly as the specification names them. */
const COMPONENTS: Record<string, AnySchema> = {
  SignUpBody: auth.SignUpBody,
  LoginBody: auth.LoginBody,
  VerifyEmailBody: auth.VerifyEmailBody,
  EmailBody: auth.EmailBody,
  ResetPasswordBody: auth.ResetPasswordBody,
  ChangePasswordBody: auth.ChangePasswordBody,
  CreateTemplateBody: templates.CreateTemplateBody,
  ImportHtmlBody: templates.ImportHtmlBody,
  UpgradeToReportBody: templates.UpgradeToReportBody,
  UpdateTemplateBody: templates.UpdateTemplateBody,
  RenderTemplateBody: render.RenderTemplateBody,
  RenderInlineBody: render.RenderInlineBody,
  CreateVersionBody: versions.CreateVersionBody,
  CreateBatchJsonBody: batch.CreateBatchJsonBody,
  SendTemplateEmailBody: sendEmail.SendTemplateEmailBody,
  BatchUploadForm: batch.BatchUploadForm,
  BasePdfUploadForm: responses.BasePdfUploadForm,
  SignOptions: sign.SignOptions,
  SignVisible: sign.SignVisibleField,
  UploadCertificateForm: sign.UploadCertificateForm,
  Certificate: sign.Certificate,
  RenameVersionBody: versions.RenameVersionBody,
  HeartbeatBody: collab.HeartbeatBody,
  CreateCommentBody: collab.CreateCommentBody,
  CreateApiKeyBody: workspaces.CreateApiKeyBody,
  InviteMemberBody: workspaces.InviteMemberBody,
  UpdateMemberRoleBody: workspaces.UpdateMemberRoleBody,
  SetWorkspacePlanRequest: workspaces.SetWorkspacePlanRequest,
  Theme: responses.Theme,
  Protect: ProtectField,
  Stamps: StampsField,
  Einvoice: EinvoiceField,
  PdfStandards: PdfStandardsField,
  CheckPdfReport: responses.CheckPdfReport,
  Ok: responses.Ok,
  User: responses.User,
  Workspace: responses.Workspace,
  TokenResponse: responses.TokenResponse,
  VerifiedEmail: responses.VerifiedEmail,
  Me: responses.Me,
  SessionInfo: responses.SessionInfo,
  OAuthProvider: responses.OAuthProvider,
  Identity: responses.Identity,
  WorkspaceListItem: responses.WorkspaceListItem,
  Member: responses.Member,
  Invite: responses.Invite,
  InvitePreview: responses.InvitePreview,
  ApiKey: responses.ApiKey,
  CreatedApiKey: responses.CreatedApiKey,
  TemplateSummary: responses.TemplateSummary,
  Template: responses.Template,
  ImportedTemplate: responses.ImportedTemplate,
  TemplateVersion: responses.TemplateVersion,
  BatchJobCreated: responses.BatchJobCreated,
  BatchJob: responses.BatchJob,
  BatchReport: responses.BatchReport,
  RenderDiagnostic: responses.RenderDiagnostic,
  RenderDiagnostics: responses.RenderDiagnostics,
  SentEmail: responses.SentEmail,
  BasePdf: responses.BasePdf,
  TemplateVersionDetail: responses.TemplateVersionDetail,
  Usage: responses.Usage,
  DailyUsage: responses.DailyUsage,
  AdminWorkspace: responses.AdminWorkspace,
  Health: responses.Health,
  Heartbeat: collab.Heartbeat,
  Viewer: collab.Viewer,
  Comment: collab.Comment,
  NegotiateResponse: collab.NegotiateResponse,
  ProblemDetails: responses.ProblemDetails,
  RenderAsyncBody: webhooks.RenderAsyncBody,
  RenderJob: webhooks.RenderJob,
  WebhookSecretInfo: webhooks.WebhookSecretInfo,
  CreatedWebhookSecret: webhooks.CreatedWebhookSecret,
  WebhookDelivery: webhooks.WebhookDelivery,
  GenerateBandTemplateForm: ai.GenerateBandTemplateForm,
  ReviseDocumentForm: ai.ReviseDocumentForm,
  GenerateTemplateForm: ai.GenerateTemplateForm,
  RefineBandBody: ai.RefineBandBody,
  AiStatus: ai.AiStatus,
  RefinedBand: ai.RefinedBand,
  LegacyTemplate: ai.LegacyTemplate,
  GeneratedBandTemplate,
  GeneratedBand,
  GeneratedElement,
  GeneratedColumn,
  GeneratedChartSeries,
  GeneratedField,
  GeneratedCrop,
  GeneratedPageSize,
};

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

function componentSchemas(): Record<string, JsonSchema> {
  return toJsonSchemaDefs(COMPONENTS, {
    target: "draft-2020-12",
    // Requests are documented as clients send them (before trims and role capitalisation).
    typeMode: "input",
    // Checks written as code (password byte length, role names) have no JSON Schema form; they are
    // described instead of failing the whole document.
    errorMode: "ignore",
    overrideRef: (context) => `#/components/schemas/${context.referenceId}`,
    overrideSchema: (context) => {
      if (context.valibotSchema === ThemeField) return ref("Theme") as JsonSchema;
      if (context.valibotSchema === batch.CreateBatchJsonBody) {
        // The specification makes output, fileNamePattern and emailColumn required (nullable) for clients; the
        // server still reads an absent one as null, so its schema keeps them optional.
        return { ...context.jsonSchema, required: ["rows", "output", "fileNamePattern", "emailColumn"] };
      }
      if (context.valibotSchema === templates.SampleDataField) {
        return {
          type: "object",
          description: "Data like the data the template will be rendered with. A report table's columns are fixed while an HTML table's follow its values (no column narrower than its widest unbreakable value): with sampleData, each table's columns are sized as the HTML rendered with this data sizes them, so the report wraps and paginates like the HTML. Without it, each token counts as a short word.",
        };
      }
      if (context.valibotSchema === templates.TemplateSampleDataObject) {
        return {
          type: "object",
          description: `The template's sample data: the values the designer's canvas and the previews fill its tokens with, shared with everyone who edits the template and recorded with each version (restoring a version restores it). At most ${templates.MAX_SAMPLE_DATA_BYTES / 1024} KiB as JSON and ${templates.MAX_SAMPLE_DATA_DEPTH} levels deep. On update, absent keeps the stored data and null clears it.`,
        };
      }
      if (context.valibotSchema === render.DataField) {
        return { type: "object", description: "The values the template's tokens resolve against." };
      }
      return undefined;
    },
    // Pipes are converted action by action (overrideSchema is not consulted for them).
    overrideAction: (context) =>
      context.valibotAction === RoleCheck
        ? { ...context.jsonSchema, enum: ["Owner", "Editor", "Viewer"], description: "Accepted in any case; answered capitalised." }
        : undefined,
  });
}

const ERROR_TEXT: Record<number, string> = {
  400: "Validation error; `errors` maps field paths to messages.",
  401: "Missing or invalid credentials.",
  402: "A plan quota is used up (AI generations this month).",
  403: "Authenticated but not allowed.",
  404: "Not found, or in another workspace.",
  409: "The template changed since expectedUpdatedAt.",
  413: "Body over the size limit (25 MB for JSON).",
  422: "The render passed its budget (time, memory, pages, band instances and table rows), or (batch submissions) the Idempotency-Key was used with a different body; `detail` says which.",
  429: "Rate limited; see Retry-After.",
  500: "Unexpected error; the body carries only a traceId.",
  502: "The AI model's answer could not be used, or (sign.timestamp) the timestamp authority gave no timestamp.",
  503: "The database is unreachable, the render queue is full or the batch queue (Redis) unreachable (both then with Retry-After), (AI endpoints) AI is not configured, or (certificates, sign) CERTIFICATE_KEY or TSA_URL is not configured.",
};

function problem(status: number): Json {
  const headers: Json = status === 429 ? { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } : {};
  return {
    description: ERROR_TEXT[status] ?? "Error.",
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    content: { "application/problem+json": { schema: ref("ProblemDetails") } },
  };
}

function operation(op: OperationSpec): Json {
  const statuses = new Set<number>(op.errors ?? []);
  if (op.lane !== "public") statuses.add(401);
  if (op.body !== undefined || op.multipart !== undefined || op.pdfBody === true) [400, 413].forEach((s) => statuses.add(s));
  statuses.add(500);
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "").map((name) => ({
    name,
    in: "path",
    required: true,
    schema: OPAQUE_PARAMS.has(name) ? { type: "string" } : { type: "string", format: "uuid" },
  }));
  const query = (op.query ?? []).map((q) => ({ name: q.name, in: "query", required: false, description: q.description, schema: { type: "string" } }));
  const headers = (op.headers ?? []).map((h) => ({ name: h.name, in: "header", required: false, description: h.description, schema: { type: "string", ...(h.maxLength !== undefined ? { maxLength: h.maxLength } : {}) } }));
  const cookie = op.lane === "refresh" ? [{ name: "docsvc_refresh", in: "cookie", required: false, schema: { type: "string" } }] : [];
  const success =
    "redirect" in op.success
      ? { description: "Found.", headers: { Location: { description: op.success.redirect, schema: { type: "string" } } } }
      : "events" in op.success
      ? { description: "Server-Sent Events; the event name is the stage, the data line JSON with stage.", content: { "text/event-stream": { schema: { type: "string" } } } }
      : "file" in op.success
      ? { description: "The file.", content: Object.fromEntries(op.success.file.map((type) => [type, { schema: { type: "string", contentMediaType: type } }])) }
      : "pdf" in op.success
      ? {
          description: "The PDF; with diagnostics=json, the page count and diagnostics instead.",
          headers: {
            "Content-Disposition": { schema: { type: "string" } },
            "X-Page-Count": { schema: { type: "integer" } },
            "X-Docsvc-Diagnostics": { description: "How many diagnostics the render produced (0 when none).", schema: { type: "integer" } },
          },
          content: {
            "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } },
            "application/json": { schema: ref("RenderDiagnostics") },
          },
        }
      : {
          description: "OK.",
          content: { "application/json": { schema: op.success.array ? { type: "array", items: ref(op.success.schema) } : ref(op.success.schema) } },
        };
  const ranged: Json = op.ranges
    ? {
        "206": { description: "The byte range asked for (Range: bytes=a-b, a- or -n), with Content-Range.", headers: { "Content-Range": { schema: { type: "string" } } }, content: (success as { content?: Json }).content },
        "416": { description: "The range starts past the end of the file; Content-Range: bytes */<size>.", headers: { "Content-Range": { schema: { type: "string" } } } },
      }
    : {};
  const rangeParams = op.ranges
    ? [
        { name: "Range", in: "header", required: false, description: "One byte range: bytes=a-b, bytes=a- or bytes=-n (the last n bytes). Several ranges answer the whole file.", schema: { type: "string" } },
        { name: "If-Range", in: "header", required: false, description: "The ETag (or Last-Modified) of the file the range belongs to; another value answers the whole file.", schema: { type: "string" } },
      ]
    : [];
  const security =
    op.lane === "public" ? [] : op.lane === "render" ? [{ bearerAuth: [] }, { apiKeyAuth: [] }] : op.lane === "refresh" ? [{ bearerAuth: [] }, {}] : [{ bearerAuth: [] }];
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description !== undefined ? { description: op.description } : {}),
    ...(params.length + query.length + headers.length + cookie.length + rangeParams.length > 0 ? { parameters: [...params, ...query, ...headers, ...cookie, ...rangeParams] } : {}),
    ...(op.body !== undefined ? { requestBody: { required: op.bodyOptional !== true, content: { "application/json": { schema: ref(op.body) } } } } : {}),
    ...(op.multipart !== undefined ? { requestBody: { required: true, content: { "multipart/form-data": { schema: ref(op.multipart) } } } } : {}),
    ...(op.pdfBody === true ? { requestBody: { required: true, content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } } } } : {}),
    responses: {
      ["redirect" in op.success ? "302" : String(op.status ?? 200)]: success,
      ...ranged,
      ...Object.fromEntries([...statuses].sort((a, b) => a - b).map((s) => [String(s), problem(s)])),
    },
    security,
  };
}

/** Builds the document (pure; the route caches it). */
export function buildOpenApiDocument(serverUrl: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op);
  return {
    openapi: "3.1.1",
    info: {
      title: "docsvc",
      version: "v1",
      summary: "Template JSON plus data in, PDF out, over HTTP. No browser.",
      description: "Errors are application/problem+json. Every resource belongs to a workspace; another workspace's ids answer 404.",
    },
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    servers: [{ url: serverUrl }],
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Session JWT from login, signup, refresh or switch-workspace." },
        apiKeyAuth: { type: "apiKey", in: "header", name: "X-Api-Key", description: "API key (dsk_…); accepted only on the render and batch endpoints." },
      },
    },
  };
}
