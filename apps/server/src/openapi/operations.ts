// Every operation the service serves, as data: the OpenAPI document is generated from this table and
// from the valibot schemas the routes validate with.

/** Which credential an operation takes. */
export type Lane = "public" | "session" | "render" | "refresh";

/** What a successful call answers. */
export type SuccessBody =
  | { readonly schema: string; readonly array?: boolean }
  | { readonly pdf: true }
  /** Bytes of these media types (batch results, CSV). */
  | { readonly file: readonly string[] }
  /** A 302 to the Location described here (browser flows). */
  | { readonly redirect: string }
  /** A Server-Sent Events stream (the AI endpoints). */
  | { readonly events: true };

/** One operation. */
export interface OperationSpec {
  readonly method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path, `{param}` style. */
  readonly path: string;
  readonly operationId: string;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly lane: Lane;
  /** Component name of the JSON request body. */
  readonly body?: string;
  /** The JSON body may be left out (an empty body reads as `{}`). */
  readonly bodyOptional?: boolean;
  /** Component name of a multipart/form-data request body (uploads). */
  readonly multipart?: string;
  readonly query?: readonly { readonly name: string; readonly description: string }[];
  /** Optional request headers the operation reads. */
  readonly headers?: readonly { readonly name: string; readonly description: string; readonly maxLength?: number }[];
  readonly success: SuccessBody;
  /** Error statuses beyond those every lane implies. */
  readonly errors?: readonly number[];
}

/** Non-UUID path parameters (everything else in `{}` is a UUID). */
export const OPAQUE_PARAMS: ReadonlySet<string> = new Set(["index", "token", "resourceType", "provider"]);

const ok = { schema: "Ok" } as const;

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  description: "Optional, 1 to 255 visible ASCII characters (a UUID, say). Repeating the submission with the same key and the same body within 24 hours answers the job made the first time (with `Idempotent-Replayed: true`) instead of making another; the same key with a different body is a 422. Keys belong to the workspace.",
  maxLength: 255,
} as const;

const DIAGNOSTICS_QUERY = { name: "diagnostics", description: "json: answer {pages, diagnostics: [{code, message, path}]} instead of the PDF." } as const;

/** The operations, grouped by tag in document order. */
export const OPERATIONS: readonly OperationSpec[] = [
  { method: "get", path: "/health", operationId: "health", tag: "Service", summary: "Service and database health", lane: "public", success: { schema: "Health" }, errors: [503] },
  { method: "get", path: "/metrics", operationId: "metrics", tag: "Service", summary: "Prometheus metrics (text exposition format)", description: "Open unless METRICS_TOKEN is set; then Authorization: Bearer <METRICS_TOKEN> is required (401 otherwise).", lane: "public", success: { file: ["text/plain"] }, errors: [401] },

  { method: "post", path: "/api/auth/signup", operationId: "signup", tag: "Auth", summary: "Create an account and its first workspace", description: "Sends a verification email and starts a session (sets the docsvc_refresh cookie). An address that already has an account is a 400 with errors.email.", lane: "public", body: "SignUpBody", success: { schema: "TokenResponse" }, errors: [400] },
  { method: "post", path: "/api/auth/login", operationId: "login", tag: "Auth", summary: "Sign in with email and password", description: "Answers a session JWT carrying the active workspace and role, and sets the docsvc_refresh cookie. 10 failed attempts for one address within 15 minutes answer 429.", lane: "public", body: "LoginBody", success: { schema: "TokenResponse" }, errors: [400, 401, 429] },
  { method: "post", path: "/api/auth/verify-email", operationId: "verifyEmail", tag: "Auth", summary: "Confirm an email address", lane: "public", body: "VerifyEmailBody", success: { schema: "VerifiedEmail" }, errors: [400] },
  { method: "post", path: "/api/auth/resend-verification", operationId: "resendVerification", tag: "Auth", summary: "Send the verification email again", description: "Always answers 200, whether or not the address has an account.", lane: "public", body: "EmailBody", success: ok, errors: [400] },
  { method: "post", path: "/api/auth/forgot-password", operationId: "forgotPassword", tag: "Auth", summary: "Email a password-reset link", description: "Always answers 200, whether or not the address has an account.", lane: "public", body: "EmailBody", success: ok, errors: [400] },
  { method: "post", path: "/api/auth/reset-password", operationId: "resetPassword", tag: "Auth", summary: "Set a new password with a reset token", description: "Ends every session of the user.", lane: "public", body: "ResetPasswordBody", success: ok, errors: [400] },
  { method: "post", path: "/api/auth/refresh", operationId: "refresh", tag: "Auth", summary: "Exchange the refresh cookie (or a live JWT) for a new session JWT", description: "Refresh tokens rotate: each works once, and presenting a used one ends the whole session.", lane: "refresh", success: { schema: "TokenResponse" } },
  { method: "post", path: "/api/auth/logout", operationId: "logout", tag: "Auth", summary: "End the current session", lane: "session", success: ok },
  { method: "post", path: "/api/auth/logout-all", operationId: "logoutAll", tag: "Auth", summary: "End every session of the user", lane: "session", success: ok },
  { method: "post", path: "/api/auth/change-password", operationId: "changePassword", tag: "Auth", summary: "Change the password", description: "Ends the user's other sessions.", lane: "session", body: "ChangePasswordBody", success: ok, errors: [400] },
  { method: "get", path: "/api/auth/me", operationId: "me", tag: "Auth", summary: "The current user, active workspace and role", lane: "session", success: { schema: "Me" } },
  { method: "get", path: "/api/auth/session", operationId: "session", tag: "Auth", summary: "The current session", lane: "session", success: { schema: "SessionInfo" } },
  { method: "get", path: "/api/auth/oauth/providers", operationId: "listOAuthProviders", tag: "Auth", summary: "The configured sign-in providers, for a sign-in page (Beta)", lane: "public", success: { schema: "OAuthProvider", array: true } },
  { method: "get", path: "/api/auth/oauth/{provider}/start", operationId: "startOAuth", tag: "Auth", summary: "Redirect to the provider to sign in (Beta)", description: "Stores state, a PKCE verifier (S256) and, for OpenID Connect, a nonce for 10 minutes, single use, and sets the HttpOnly docsvc_oauth_state cookie. redirect (default /) must be a relative path (not //… nor /\\…) or a URL on PUBLIC_URL's origin or an OAUTH_REDIRECT_ORIGINS origin, else 400. An unconfigured provider is a 404; an unreachable one redirects to redirect with error=provider_unavailable.", lane: "public", query: [{ name: "redirect", description: "Where the browser goes after signing in." }], success: { redirect: "The provider's authorization page, or redirect?error=provider_unavailable&message=…" }, errors: [400, 404] },
  { method: "get", path: "/api/auth/oauth/{provider}/callback", operationId: "oauthCallback", tag: "Auth", summary: "Complete the provider's sign-in and start a session (Beta)", description: "Checks state (single use, and the docsvc_oauth_state cookie of the browser that started), exchanges the code (PKCE; ID token and nonce for OpenID Connect) and reads the provider-verified email: a linked identity signs in its user; a verified email of an existing account links it; a new verified email creates an account (no password; set one through forgot-password) with a first workspace. Sets the docsvc_refresh cookie like login and redirects to redirect, where the app calls POST /api/auth/refresh. Failures redirect with error (access_denied, provider_error, provider_unavailable, state_mismatch, email_missing, email_unverified, account_conflict) and message; an unknown, replayed or expired state is a 400.", lane: "public", query: [{ name: "code", description: "From the provider." }, { name: "state", description: "From the provider." }, { name: "error", description: "From the provider, when sign-in did not happen there." }], success: { redirect: "redirect, or redirect?error=…&message=…" }, errors: [400, 404] },
  { method: "get", path: "/api/auth/identities", operationId: "listIdentities", tag: "Auth", summary: "The caller's linked sign-in identities (Beta)", lane: "session", success: { schema: "Identity", array: true } },
  { method: "delete", path: "/api/auth/identities/{id}", operationId: "unlinkIdentity", tag: "Auth", summary: "Unlink a sign-in identity (Beta)", description: "Refused with 400 when it is the last way to sign in (no password and no other identity).", lane: "session", success: ok, errors: [400, 404] },
  { method: "post", path: "/api/auth/switch-workspace/{workspaceId}", operationId: "switchWorkspace", tag: "Auth", summary: "Get a JWT scoped to another of the user's workspaces", lane: "session", success: { schema: "TokenResponse" }, errors: [404] },

  { method: "get", path: "/api/templates", operationId: "listTemplates", tag: "Templates", summary: "List the workspace's templates", description: "Without content; most recently updated first.", lane: "session", query: [{ name: "name", description: "Only templates whose name contains this text (case-insensitive)." }], success: { schema: "TemplateSummary", array: true } },
  { method: "post", path: "/api/templates", operationId: "createTemplate", tag: "Templates", summary: "Create a template", description: "content is validated as a version-4 document (editorMode report, the default) or must be non-empty HTML (editorMode html); a 400 lists the problems by document path in errors.", lane: "session", body: "CreateTemplateBody", success: { schema: "Template" }, errors: [400, 403] },
  { method: "post", path: "/api/templates/import-html", operationId: "importHtml", tag: "Templates", summary: "Create a report template from HTML", description: "Converts HTML (with its tokens, data-each tables and @page margin boxes) into a version-4 band document the designer can edit, stored as a new report template. sampleData (optional) sizes the report's table columns as the HTML rendered with that data sizes them, so the report paginates like the HTML, and types the schema's fields (the top-level values become their samples). A data-if on a block of the body becomes its band's visibleIf (on a data-each table or its row, the detail band's); what the report cannot carry is listed in diagnostics as import.dropped. 400 for empty or oversized HTML.", lane: "session", body: "ImportHtmlBody", success: { schema: "ImportedTemplate" }, errors: [400, 403] },
  { method: "post", path: "/api/templates/{id}/upgrade-to-report", operationId: "upgradeToReport", tag: "Templates", summary: "Turn an html template into a report template in place", description: "The HTML is recorded as a manual version first (restore it with PUT content + editorMode html). The body is optional: { sampleData } sizes the report's table columns and types and samples the schema (see import-html), whose diagnostics it answers too. 409 when the template is not an html template.", lane: "session", body: "UpgradeToReportBody", bodyOptional: true, success: { schema: "ImportedTemplate" }, errors: [400, 403, 404, 409] },
  { method: "get", path: "/api/templates/{id}", operationId: "getTemplate", tag: "Templates", summary: "Get a template", lane: "session", success: { schema: "Template" }, errors: [404] },
  { method: "put", path: "/api/templates/{id}", operationId: "updateTemplate", tag: "Templates", summary: "Update a template", description: "With expectedUpdatedAt, a template changed since then answers 409 and is not overwritten.", lane: "session", body: "UpdateTemplateBody", success: { schema: "Template" }, errors: [400, 403, 404, 409] },
  { method: "delete", path: "/api/templates/{id}", operationId: "deleteTemplate", tag: "Templates", summary: "Delete a template", lane: "session", success: ok, errors: [403, 404] },

  { method: "post", path: "/api/templates/{id}/render", operationId: "renderTemplate", tag: "Rendering", summary: "Render a stored template to PDF", description: "The theme is validated first; a rejected request is not metered. Rate limited per workspace. X-Docsvc-Diagnostics carries the number of diagnostics; diagnostics=json answers them instead of the PDF.", lane: "render", body: "RenderTemplateBody", query: [DIAGNOSTICS_QUERY], success: { pdf: true }, errors: [400, 404, 422, 429, 503] },
  { method: "post", path: "/api/render", operationId: "renderInline", tag: "Rendering", summary: "Render template content sent with the request", description: "baseTemplateId names a template of the workspace whose base PDF is drawn behind every page (404 when it is another workspace's or has no base PDF). X-Docsvc-Diagnostics carries the number of diagnostics; diagnostics=json answers them instead of the PDF.", lane: "render", body: "RenderInlineBody", query: [DIAGNOSTICS_QUERY], success: { pdf: true }, errors: [400, 404, 422, 429, 503] },

  { method: "get", path: "/api/templates/{templateId}/versions", operationId: "listTemplateVersions", tag: "Versions", summary: "A template's versions, newest first", description: "limit (default 50, at most 200) and before (a version number) page through the history.", lane: "session", query: [{ name: "limit", description: "At most this many (1–200, default 50)." }, { name: "before", description: "Only versions numbered below this." }], success: { schema: "TemplateVersion", array: true }, errors: [400, 404] },
  { method: "get", path: "/api/templates/{templateId}/versions/{versionId}", operationId: "getTemplateVersion", tag: "Versions", summary: "A version with its content", lane: "session", success: { schema: "TemplateVersionDetail" }, errors: [404] },
  { method: "post", path: "/api/templates/{templateId}/versions", operationId: "createTemplateVersion", tag: "Versions", summary: "Name the current saved state (a manual version)", lane: "session", body: "CreateVersionBody", success: { schema: "TemplateVersionDetail" }, errors: [403, 404] },
  { method: "patch", path: "/api/templates/{templateId}/versions/{versionId}", operationId: "renameTemplateVersion", tag: "Versions", summary: "Rename a version", lane: "session", body: "RenameVersionBody", success: { schema: "TemplateVersion" }, errors: [403, 404] },

  { method: "post", path: "/api/templates/{id}/render-batch", operationId: "renderBatch", tag: "Batch", summary: "Queue a batch render from JSON rows (Beta)", description: "At most 2,000 rows; output zip (default) or merged; validated (rows, output, theme) before anything is stored. Rate limited like renders; every row is metered. 503 with Retry-After when the batch queue (Redis) is unreachable.", lane: "render", body: "CreateBatchJsonBody", success: { schema: "BatchJobCreated" }, headers: [IDEMPOTENCY_KEY], errors: [400, 403, 404, 422, 429, 503] },
  { method: "post", path: "/api/templates/{id}/render-batch/upload", operationId: "renderBatchUpload", tag: "Batch", summary: "Queue a batch render from a .csv or .xlsx file (Beta)", description: "The header row names the keys (customer.name builds a nested object). No theme. 503 with Retry-After when the batch queue (Redis) is unreachable.", lane: "render", multipart: "BatchUploadForm", success: { schema: "BatchJobCreated" }, headers: [IDEMPOTENCY_KEY], errors: [400, 403, 404, 422, 429, 503] },
  { method: "get", path: "/api/templates/{id}/render-batch/template", operationId: "renderBatchTemplate", tag: "Batch", summary: "The CSV header row to fill in for this template (Beta)", lane: "render", success: { file: ["text/csv"] }, errors: [404] },
  { method: "get", path: "/api/templates/{id}/render-batch/jobs", operationId: "listBatchJobs", tag: "Batch", summary: "The workspace's recent jobs for this template, newest first (Beta)", lane: "render", success: { schema: "BatchJob", array: true }, errors: [404] },
  { method: "get", path: "/api/templates/{id}/render-batch/jobs/{jobId}", operationId: "getBatchJob", tag: "Batch", summary: "A batch job's status (Beta)", lane: "render", success: { schema: "BatchJob" }, errors: [404] },
  { method: "get", path: "/api/templates/{id}/render-batch/jobs/{jobId}/report", operationId: "getBatchReport", tag: "Batch", summary: "A batch job's per-row report: failures, unsent emails, diagnostics (Beta)", description: "From the rows recorded so far, for ZIP and merged output alike (the ZIP also carries it as report.json); 404 once the job's data expired (24 hours after it finished).", lane: "render", success: { schema: "BatchReport" }, errors: [404] },
  { method: "get", path: "/api/templates/{id}/render-batch/jobs/{jobId}/result", operationId: "getBatchResult", tag: "Batch", summary: "Download the ZIP or merged PDF (Beta)", description: "Only when the job is completed (409 before); kept 24 hours after the job finished (404 after).", lane: "render", success: { file: ["application/zip", "application/pdf"] }, errors: [404, 409] },

  { method: "post", path: "/api/templates/{id}/base-pdf", operationId: "uploadBasePdf", tag: "Templates", summary: "Upload a base PDF (the background of every page)", description: "At most 20 MB (413). Refused with a 400 naming the reason: encrypted or password-protected, XFA form, corrupt or not a PDF, pages of mixed sizes, more than 100 pages. Every page is rasterised for the designer. Owner or Editor.", lane: "session", multipart: "BasePdfUploadForm", success: { schema: "BasePdf" }, errors: [400, 403, 404, 413] },
  { method: "get", path: "/api/templates/{id}/base-pdf", operationId: "getBasePdf", tag: "Templates", summary: "The base PDF's page count and page sizes (points)", lane: "session", success: { schema: "BasePdf" }, errors: [404] },
  { method: "get", path: "/api/templates/{id}/base-pdf/pages/{index}", operationId: "getBasePdfPage", tag: "Templates", summary: "PNG raster of one base page (0-based)", lane: "session", success: { file: ["image/png"] }, errors: [404] },
  { method: "delete", path: "/api/templates/{id}/base-pdf", operationId: "deleteBasePdf", tag: "Templates", summary: "Remove the base PDF", lane: "session", success: ok, errors: [403, 404] },

  { method: "post", path: "/api/templates/{id}/send-email", operationId: "sendTemplateEmail", tag: "Rendering", summary: "Render a template and email the PDF as an attachment", description: "Owner or Editor. Metered and rate limited like a render; the email is sent in the background.", lane: "session", body: "SendTemplateEmailBody", success: { schema: "SentEmail" }, errors: [400, 403, 404, 422, 429, 503] },

  { method: "post", path: "/api/presence", operationId: "presenceHeartbeat", tag: "Collaboration", summary: "Mark yourself as viewing a resource for 30 s (Beta)", description: "Call every 10–20 s while viewing. resourceType is `template`; a resource of another workspace is a 404.", lane: "session", body: "HeartbeatBody", success: { schema: "Heartbeat" }, errors: [400, 404] },
  { method: "get", path: "/api/presence/{resourceType}/{resourceId}", operationId: "presenceViewers", tag: "Collaboration", summary: "Who is viewing a resource now (Beta)", description: "Members whose last heartbeat is under 30 s old, most recently seen first.", lane: "session", success: { schema: "Viewer", array: true }, errors: [404] },
  { method: "delete", path: "/api/presence/{resourceType}/{resourceId}", operationId: "presenceLeave", tag: "Collaboration", summary: "Stop viewing a resource (Beta)", lane: "session", success: ok, errors: [404] },
  { method: "get", path: "/api/templates/{templateId}/comments", operationId: "listComments", tag: "Collaboration", summary: "A template's comment threads (Beta)", description: "Top-level comments oldest first, each with its replies. A deleted comment that has replies stays as `deleted: true` with a null body and author.", lane: "session", success: { schema: "Comment", array: true }, errors: [404] },
  { method: "post", path: "/api/templates/{templateId}/comments", operationId: "createComment", tag: "Collaboration", summary: "Comment on a template (Beta)", description: "parentId makes it a reply. anchor ({kind: element|band, id}) pins a top-level comment to part of the document (the designer shows a pin there). @email or @name (the part before the @, when unambiguous) mentions a member, who is emailed once.", lane: "session", body: "CreateCommentBody", success: { schema: "Comment" }, errors: [400, 404] },
  { method: "delete", path: "/api/templates/{templateId}/comments/{commentId}", operationId: "deleteComment", tag: "Collaboration", summary: "Delete a comment (its author or an Owner) (Beta)", description: "Anyone else gets 403. Replies are kept.", lane: "session", success: ok, errors: [403, 404] },
  { method: "post", path: "/hubs/collab/negotiate", operationId: "negotiateCollabHub", tag: "Collaboration", summary: "SignalR negotiate for the collaboration hub", description: "The token may also come as the access_token query parameter. Then connect a WebSocket to /hubs/collab?id=<connectionToken> and speak the SignalR MessagePack protocol.", lane: "session", success: { schema: "NegotiateResponse" } },

  { method: "get", path: "/api/api-keys", operationId: "listApiKeys", tag: "API keys", summary: "List the workspace's API keys", lane: "session", success: { schema: "ApiKey", array: true }, errors: [403] },
  { method: "post", path: "/api/api-keys", operationId: "createApiKey", tag: "API keys", summary: "Create an API key (its secret is shown once)", lane: "session", body: "CreateApiKeyBody", success: { schema: "CreatedApiKey" }, errors: [400, 403] },
  { method: "delete", path: "/api/api-keys/{id}", operationId: "deleteApiKey", tag: "API keys", summary: "Delete an API key", lane: "session", success: ok, errors: [403, 404] },
  { method: "get", path: "/api/usage", operationId: "usage", tag: "Usage", summary: "This calendar month's usage (UTC)", lane: "session", success: { schema: "Usage" } },
  { method: "get", path: "/api/usage/daily", operationId: "dailyUsage", tag: "Usage", summary: "Usage per day for the last 30 days", lane: "session", success: { schema: "DailyUsage" } },

  { method: "get", path: "/api/workspaces", operationId: "listWorkspaces", tag: "Workspaces", summary: "The user's workspaces", lane: "session", success: { schema: "WorkspaceListItem", array: true } },
  { method: "get", path: "/api/workspaces/current/members", operationId: "listMembers", tag: "Workspaces", summary: "Members of the active workspace", lane: "session", success: { schema: "Member", array: true } },
  { method: "post", path: "/api/workspaces/current/invites", operationId: "inviteMember", tag: "Workspaces", summary: "Invite an address (Owner)", description: "Emails the invite and also answers its link.", lane: "session", body: "InviteMemberBody", success: { schema: "Invite" }, errors: [400, 403] },
  { method: "delete", path: "/api/workspaces/current/members/{userId}", operationId: "removeMember", tag: "Workspaces", summary: "Remove a member (Owner)", description: "Removing the last Owner is a 400.", lane: "session", success: ok, errors: [400, 403, 404] },
  { method: "patch", path: "/api/workspaces/current/members/{userId}", operationId: "updateMemberRole", tag: "Workspaces", summary: "Change a member's role (Owner)", description: "Demoting the last Owner is a 400.", lane: "session", body: "UpdateMemberRoleBody", success: { schema: "Member" }, errors: [400, 403, 404] },
  { method: "get", path: "/api/invites/{token}", operationId: "previewInvite", tag: "Workspaces", summary: "Preview an invite", lane: "public", success: { schema: "InvitePreview" }, errors: [404] },
  { method: "post", path: "/api/invites/{token}/accept", operationId: "acceptInvite", tag: "Workspaces", summary: "Accept an invite (the signed-in email must match)", lane: "session", success: { schema: "TokenResponse" }, errors: [400, 403, 404] },

  { method: "get", path: "/api/admin/workspaces", operationId: "adminListWorkspaces", tag: "Admin", summary: "All workspaces (administrators)", lane: "session", query: [{ name: "search", description: "Name, id or member-email fragment." }], success: { schema: "AdminWorkspace", array: true }, errors: [403] },
  { method: "post", path: "/api/admin/workspaces/{workspaceId}/plan", operationId: "adminSetPlan", tag: "Admin", summary: "Set a workspace's plan (administrators)", lane: "session", body: "SetWorkspacePlanRequest", success: { schema: "AdminWorkspace" }, errors: [400, 403, 404] },

  { method: "get", path: "/api/ai/status", operationId: "aiStatus", tag: "AI", summary: "Whether AI is on, and which provider and model (Experimental)", lane: "session", success: { schema: "AiStatus" } },
  { method: "post", path: "/api/ai/generate-band-template", operationId: "generateBandTemplate", tag: "AI", summary: "Draft a band template from a picture, a PDF, a prompt or HTML (SSE; Experimental)", description: "At least one of image, html, prompt (400). Events skeleton {bandsTotal, pageSize, bands: the skeleton's bands with empty elements}, band {bandsTotal, bandsCompleted, bandId, failed, band: the filled GeneratedBand as done.template.bands will hold it} per band, done {template: GeneratedBandTemplate, checkToken when there was a reference}, or error {message}; each data line is JSON with stage. One AI generation credit; 402 when the month's allowance is used. Rate limited like rendering. 503 when AI is not configured.", lane: "session", multipart: "GenerateBandTemplateForm", success: { events: true }, errors: [400, 402, 413, 429, 503] },
  { method: "post", path: "/api/ai/revise-document", operationId: "reviseDocument", tag: "AI", summary: "Revise a draft: pass 1 picks the bands that change, pass 2 refills them (SSE; Experimental)", description: "At least one of instruction, image (400). Unchanged bands come back exactly as sent; done with unchanged: true when nothing changes. A valid checkToken with the same reference compares the rendered draft with it, ignores the instruction and is not metered; otherwise one credit when something changed. Rate limited like rendering.", lane: "session", multipart: "ReviseDocumentForm", success: { events: true }, errors: [400, 402, 413, 429, 503] },
  { method: "post", path: "/api/ai/refine-band", operationId: "refineBand", tag: "AI", summary: "Change one band as an instruction says (Experimental)", description: "Not metered as a generation; a daily limit per plan (429 until the next UTC day). 502 when the model's answer cannot be used.", lane: "session", body: "RefineBandBody", success: { schema: "RefinedBand" }, errors: [400, 429, 502, 503] },
  { method: "post", path: "/api/ai/generate-template", operationId: "generateTemplate", tag: "AI", summary: "Legacy single pass: a suggested name and a flat element list (Experimental)", description: "At least one of image, prompt. One AI generation credit. No page headers, repeating bands or nesting.", lane: "session", multipart: "GenerateTemplateForm", success: { schema: "LegacyTemplate" }, errors: [400, 402, 413, 429, 502, 503] },
];
