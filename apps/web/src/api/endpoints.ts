// One typed function per endpoint the app uses (paths and bodies as in /openapi/v1.json).
import { api } from "./client";
import type {
  SampleData,
  ApiKey, BatchJob, Comment, CommentAnchor, CreatedApiKey, DailyUsage, EditorMode, Invite, InvitePreview, LinkedIdentity, Me, Member, OAuthProvider, Role, Template,
  TemplateSummary, TemplateVersion, TemplateVersionDetail, Theme, TokenResponse, Usage, Viewer, WorkspaceListItem,
} from "./types";

const enc = encodeURIComponent;
type Ok = { ok: true };

/** Auth: accounts and sessions. */
export const auth = {
  signup: (email: string, password: string) => api.json<TokenResponse>("/api/auth/signup", { method: "POST", body: { email, password }, anonymous: true }),
  login: (email: string, password: string) => api.json<TokenResponse>("/api/auth/login", { method: "POST", body: { email, password }, anonymous: true }),
  verifyEmail: (token: string) => api.json<Ok>("/api/auth/verify-email", { method: "POST", body: { token }, anonymous: true }),
  resendVerification: (email: string) => api.json<Ok>("/api/auth/resend-verification", { method: "POST", body: { email }, anonymous: true }),
  forgotPassword: (email: string) => api.json<Ok>("/api/auth/forgot-password", { method: "POST", body: { email }, anonymous: true }),
  resetPassword: (token: string, newPassword: string) =>
    api.json<Ok>("/api/auth/reset-password", { method: "POST", body: { token, newPassword }, anonymous: true }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.json<Ok>("/api/auth/change-password", { method: "POST", body: { currentPassword, newPassword } }),
  logout: () => api.json<Ok>("/api/auth/logout", { method: "POST" }),
  logoutAll: () => api.json<Ok>("/api/auth/logout-all", { method: "POST" }),
  me: () => api.json<Me>("/api/auth/me"),
  switchWorkspace: (id: string) => api.json<TokenResponse>(`/api/auth/switch-workspace/${enc(id)}`, { method: "POST" }),
};

/** Sign-in through a provider (OAuth, Beta) and the identities it links. */
export const oauth = {
  providers: () => api.json<OAuthProvider[]>("/api/auth/oauth/providers", { anonymous: true }),
  /** Where the browser goes to sign in with `provider`; it comes back to `redirect` (a path in the app). */
  startUrl: (provider: string, redirect: string) => `/api/auth/oauth/${enc(provider)}/start?redirect=${enc(redirect)}`,
  identities: () => api.json<LinkedIdentity[]>("/api/auth/identities"),
  unlink: (id: string) => api.json<Ok>(`/api/auth/identities/${enc(id)}`, { method: "DELETE" }),
};

/** Workspaces, members and invites. */
export const workspaces = {
  list: () => api.json<WorkspaceListItem[]>("/api/workspaces"),
  members: () => api.json<Member[]>("/api/workspaces/current/members"),
  invite: (email: string, role: Role) => api.json<Invite>("/api/workspaces/current/invites", { method: "POST", body: { email, role } }),
  changeRole: (userId: string, role: Role) => api.json<Member>(`/api/workspaces/current/members/${enc(userId)}`, { method: "PATCH", body: { role } }),
  removeMember: (userId: string) => api.json<Ok>(`/api/workspaces/current/members/${enc(userId)}`, { method: "DELETE" }),
  previewInvite: (token: string) => api.json<InvitePreview>(`/api/invites/${enc(token)}`, { anonymous: true }),
  acceptInvite: (token: string) => api.json<TokenResponse>(`/api/invites/${enc(token)}/accept`, { method: "POST" }),
};

/** API keys and usage. */
export const keys = {
  list: () => api.json<ApiKey[]>("/api/api-keys"),
  create: (name: string) => api.json<CreatedApiKey>("/api/api-keys", { method: "POST", body: { name } }),
  revoke: (id: string) => api.json<Ok>(`/api/api-keys/${enc(id)}`, { method: "DELETE" }),
};

export const usage = {
  month: () => api.json<Usage>("/api/usage"),
  daily: () => api.json<DailyUsage>("/api/usage/daily"),
};

/** What a template save sends. */
export interface SaveTemplate {
  readonly content: string;
  readonly name?: string;
  readonly expectedUpdatedAt?: string | null;
  readonly versionKind?: "auto" | "manual" | "restore";
  /** Set when restoring a version of the other editor mode (the save switches the template's mode). */
  readonly editorMode?: EditorMode;
  /** The template's sample data: an object sets it, null clears it, absent keeps what is stored. */
  readonly sampleData?: SampleData | null;
}

/** Templates, rendering and versions. */
export const templates = {
  list: (name?: string) => api.json<TemplateSummary[]>("/api/templates", { query: { name } }),
  get: (id: string) => api.json<Template>(`/api/templates/${enc(id)}`),
  create: (name: string, content: string, editorMode?: EditorMode, sampleData?: SampleData | null) =>
    api.json<Template>("/api/templates", { method: "POST", body: { name, content, ...(editorMode ? { editorMode } : {}), ...(sampleData ? { sampleData } : {}) } }),
  save: (id: string, body: SaveTemplate) => api.json<Template>(`/api/templates/${enc(id)}`, { method: "PUT", body }),
  remove: (id: string) => api.json<Ok>(`/api/templates/${enc(id)}`, { method: "DELETE" }),
  /** Converts an HTML template into a report template in place (the HTML stays in the version history). */
  /** Converts an html template into a report in place; `sampleData` (the preview's data) types and samples its schema. */
  upgradeToReport: (id: string, sampleData?: Record<string, unknown>) =>
    api.json<ImportedTemplate>(`/api/templates/${enc(id)}/upgrade-to-report`, { method: "POST", ...(sampleData ? { body: { sampleData } } : {}) }),
  versions: (id: string) => api.json<TemplateVersion[]>(`/api/templates/${enc(id)}/versions`, { query: { limit: 50 } }),
  version: (id: string, versionId: string) => api.json<TemplateVersionDetail>(`/api/templates/${enc(id)}/versions/${enc(versionId)}`),
  nameVersion: (id: string, label: string | null) => api.json<TemplateVersion>(`/api/templates/${enc(id)}/versions`, { method: "POST", body: { label } }),
  renameVersion: (id: string, versionId: string, label: string | null) =>
    api.json<TemplateVersion>(`/api/templates/${enc(id)}/versions/${enc(versionId)}`, { method: "PATCH", body: { label } }),
};

/** A preview render: the PDF and its page count (X-Page-Count). */
export async function renderInline(content: string, data: unknown, theme: Theme | null, signal?: AbortSignal): Promise<{ pdf: Blob; pages: number; diagnostics: number }> {
  const { blob, response } = await api.blob("/api/render", { method: "POST", body: { content, data, theme }, ...(signal ? { signal } : {}) });
  return { pdf: blob, pages: Number(response.headers.get("X-Page-Count") ?? "0"), diagnostics: Number(response.headers.get("X-Docsvc-Diagnostics") ?? "0") };
}

/** A render's diagnostics (`?diagnostics=json`): what the engine reported, each with its document path. */
export interface RenderDiagnostic {
  readonly code: string;
  readonly message: string;
  readonly path?: string;
}

/** A template converted from HTML, with what the conversion did not carry over (`import.dropped`) and the HTML's own diagnostics. */
export interface ImportedTemplate extends Template {
  readonly diagnostics?: readonly RenderDiagnostic[];
}

/** The same inline render, answered with its page count and diagnostics instead of the PDF. */
export async function renderDiagnostics(content: string, data: unknown, theme: Theme | null, signal?: AbortSignal): Promise<{ pages: number; diagnostics: RenderDiagnostic[] }> {
  return api.json<{ pages: number; diagnostics: RenderDiagnostic[] }>("/api/render", { method: "POST", body: { content, data, theme }, query: { diagnostics: "json" }, ...(signal ? { signal } : {}) });
}

/** Whether AI is configured on the server (`GET /api/ai/status`). */
export const ai = {
  status: () => api.json<{ enabled: boolean; provider: string | null; model: string | null }>("/api/ai/status"),
};

/** Comments and presence. */
export const comments = {
  list: (templateId: string) => api.json<Comment[]>(`/api/templates/${enc(templateId)}/comments`),
  create: (templateId: string, body: string, anchor?: CommentAnchor) =>
    api.json<Comment>(`/api/templates/${enc(templateId)}/comments`, { method: "POST", body: { body, ...(anchor ? { anchor } : {}) } }),
  remove: (templateId: string, commentId: string) => api.json<Ok>(`/api/templates/${enc(templateId)}/comments/${enc(commentId)}`, { method: "DELETE" }),
};

export const presence = {
  heartbeat: (resourceId: string) => api.json<unknown>("/api/presence", { method: "POST", body: { resourceType: "template", resourceId } }),
  viewers: (resourceId: string) => api.json<Viewer[]>(`/api/presence/template/${enc(resourceId)}`),
  leave: (resourceId: string) => api.json<Ok>(`/api/presence/template/${enc(resourceId)}`, { method: "DELETE" }),
};

/** Batch jobs of a template. */
export const batch = {
  upload: (templateId: string, form: FormData) => api.json<{ jobId: string }>(`/api/templates/${enc(templateId)}/render-batch/upload`, { method: "POST", body: form }),
  submitRows: (templateId: string, body: { rows: unknown[]; output: "zip" | "merged"; fileNamePattern: string | null }) =>
    api.json<{ jobId: string }>(`/api/templates/${enc(templateId)}/render-batch`, { method: "POST", body: { ...body, emailColumn: null } }),
  job: (templateId: string, jobId: string) => api.json<BatchJob>(`/api/templates/${enc(templateId)}/render-batch/jobs/${enc(jobId)}`),
  jobs: (templateId: string) => api.json<BatchJob[]>(`/api/templates/${enc(templateId)}/render-batch/jobs`),
  result: (templateId: string, jobId: string) => api.blob(`/api/templates/${enc(templateId)}/render-batch/jobs/${enc(jobId)}/result`),
  /** A CSV whose header row names the template's tokens. */
  columnsCsv: (templateId: string) => api.blob(`/api/templates/${enc(templateId)}/render-batch/template`),
};
