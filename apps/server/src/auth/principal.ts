import type { Plan, Role } from "../db/schema.js";

/** A person signed in with a session JWT, acting in one workspace. */
export interface SessionPrincipal {
  readonly kind: "session";
  readonly userId: string;
  readonly sessionId: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly workspaceId: string;
  /** The member's current role in that workspace. */
  readonly role: Role;
  readonly plan: Plan;
}

/** A machine calling with an API key, bound to the key's workspace. */
export interface ApiKeyPrincipal {
  readonly kind: "apiKey";
  readonly keyId: string;
  readonly workspaceId: string;
  readonly plan: Plan;
}

/** Whoever a request acts for. */
export type Principal = SessionPrincipal | ApiKeyPrincipal;

/** Role names as emitted; accepted in any case on input. */
export const ROLES: readonly Role[] = ["Owner", "Editor", "Viewer"];

/** The canonical role for any capitalisation of its name, or undefined. */
export function parseRole(value: string): Role | undefined {
  const lower = value.trim().toLowerCase();
  return ROLES.find((r) => r.toLowerCase() === lower);
}
