// The JSON shapes the API answers with, built from rows in one place so every endpoint agrees.
import type { MembershipRow } from "../db/workspaces.js";
import type { Plan, Role } from "../db/schema.js";
import type { UserRow } from "../db/users.js";

/** A user as the API shows it. */
export interface UserView {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly createdAt: string;
}

/** A workspace as the API shows it. */
export interface WorkspaceView {
  readonly id: string;
  readonly name: string;
  readonly plan: Plan;
}

/** What login, signup, refresh, switch-workspace and invite accept answer. */
export interface TokenResponse {
  readonly accessToken: string;
  readonly tokenType: "Bearer";
  /** Seconds until the access token expires. */
  readonly expiresIn: number;
  readonly user: UserView;
  readonly workspace: WorkspaceView;
  readonly role: Role;
}

/** A user row as the API shows it. */
export function userView(user: Pick<UserRow, "id" | "email" | "email_verified_at" | "created_at">): UserView {
  return { id: user.id, email: user.email, emailVerified: user.email_verified_at !== null, createdAt: user.created_at };
}

/** A membership's workspace as the API shows it. */
export function workspaceView(m: Pick<MembershipRow, "workspace_id" | "workspace_name" | "plan">): WorkspaceView {
  return { id: m.workspace_id, name: m.workspace_name, plan: m.plan };
}
