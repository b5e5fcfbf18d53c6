// The API's JSON shapes, written once over the server's OpenAPI document (/openapi/v1.json, schemas/responses).

export type Role = "Owner" | "Editor" | "Viewer";
export type Plan = "free" | "pro" | "enterprise";

export interface User {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly createdAt: string;
}

export interface Workspace {
  readonly id: string;
  readonly name: string;
  readonly plan: Plan;
}

/** What login, signup, refresh, switch-workspace and invite accept answer. */
export interface TokenResponse {
  readonly accessToken: string;
  readonly tokenType: "Bearer";
  readonly expiresIn: number;
  readonly user: User;
  readonly workspace: Workspace;
  readonly role: Role;
}

export interface Me {
  readonly user: User;
  readonly workspace: Workspace;
  readonly role: Role;
  readonly isAdmin: boolean;
}

export interface WorkspaceListItem extends Workspace {
  readonly role: Role;
}

export interface Member {
  readonly userId: string;
  readonly email: string;
  readonly role: Role;
  readonly joinedAt: string;
}

export interface Invite {
  readonly id: string;
  readonly email: string;
  readonly role: Role;
  readonly expiresAt: string;
  readonly token: string;
  readonly url: string;
}

export interface InvitePreview {
  readonly workspaceName: string;
  readonly role: Role;
  readonly inviterEmail: string | null;
  readonly redeemable: boolean;
  readonly expiresAt: string;
}

export interface ApiKey {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

export interface CreatedApiKey extends ApiKey {
  /** The secret (dsk_…), shown only in this response. */
  readonly key: string;
}

export interface RenderCounts {
  readonly total: number;
  readonly api: number;
  readonly preview: number;
  readonly ai: number;
}

export interface Usage {
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly plan: Plan;
  readonly renders: RenderCounts;
  readonly pages: number;
  readonly aiGenerations: { readonly used: number; readonly limit: number | null };
}

export interface DailyUsage {
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly days: readonly { readonly date: string; readonly renders: RenderCounts; readonly pages: number }[];
}

/** `report` (document JSON) or `html` (an HTML template). */
export type EditorMode = "report" | "html" | (string & {});

export interface TemplateSummary {
  readonly id: string;
  readonly name: string;
  readonly editorMode: EditorMode;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A template's sample data: the values its tokens are previewed with (shared and versioned with it). */
export type SampleData = Readonly<Record<string, unknown>>;

export interface Template extends TemplateSummary {
  readonly content: string;
  /** Null when none was saved; absent from a server older than the field. */
  readonly sampleData?: SampleData | null;
}

export type VersionKind = "auto" | "manual" | "restore";

export interface TemplateVersion {
  readonly id: string;
  readonly number: number;
  readonly kind: VersionKind;
  readonly label: string | null;
  /** The editor mode the content was saved in. */
  readonly editorMode: EditorMode;
  readonly authorId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface TemplateVersionDetail extends TemplateVersion {
  readonly content: string;
  /** The template's sample data at this version (null when it had none). */
  readonly sampleData?: SampleData | null;
}

export interface Mention {
  readonly userId: string;
  readonly email: string;
}

export interface CommentAnchor {
  readonly kind: "element" | "band";
  readonly id: string;
}

export interface Comment {
  readonly id: string;
  readonly templateId: string;
  readonly parentId: string | null;
  readonly body: string | null;
  readonly author: Mention | null;
  readonly mentions: readonly Mention[];
  readonly createdAt: string;
  readonly deleted: boolean;
  /** The element or band the comment is pinned to (the designer's pins); null: the whole template. Absent from older servers. */
  readonly anchor?: CommentAnchor | null;
  readonly replies: readonly Comment[];
}

export interface Viewer {
  readonly userId: string;
  readonly email: string;
  readonly lastSeenAt: string;
}

export type BatchStatus = "pending" | "processing" | "completed" | "failed";

export interface BatchJob {
  readonly jobId: string;
  readonly status: BatchStatus;
  readonly total: number;
  readonly completed: number;
  readonly failed: number;
  readonly output: "zip" | "merged";
  readonly error: string | null;
  readonly createdAt: string;
  readonly finishedAt: string | null;
  readonly expiresAt: string | null;
}

/** A configured sign-in provider (`GET /api/auth/oauth/providers`). */
export interface OAuthProvider {
  readonly id: string;
  readonly label: string;
}

/** A provider identity linked to the caller's account (`GET /api/auth/identities`). */
export interface LinkedIdentity {
  readonly id: string;
  readonly provider: string;
  readonly label: string;
  readonly email: string | null;
  readonly createdAt: string;
}

export interface Theme {
  readonly primary?: string | null;
  readonly accent?: string | null;
}

/** An error body (RFC 9457 problem+json) as every endpoint answers it. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
  readonly traceId?: string;
}
