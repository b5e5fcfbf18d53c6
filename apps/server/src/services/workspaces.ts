// Workspaces, members and roles. A workspace always keeps at least one Owner.
import type { SessionPrincipal } from "../auth/principal.js";
import type { Plan, Role } from "../db/schema.js";
import {
  countOwners,
  deleteMembership,
  findMember,
  listAllWorkspaces,
  listMembers,
  listMemberships,
  setPlan,
  updateMemberRole,
  type MemberRow,
} from "../db/workspaces.js";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.js";
import { isAdmin } from "./accounts.js";
import type { ServiceDeps } from "./deps.js";

/** A workspace in the caller's list. */
export interface WorkspaceListItem {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
  readonly plan: Plan;
}

/** A member as the API shows it. */
export interface MemberView {
  readonly userId: string;
  readonly email: string;
  readonly role: Role;
  readonly joinedAt: string;
}

/** Throws 403 unless the caller's role is one of `roles`. */
export function requireRole(principal: SessionPrincipal, ...roles: Role[]): void {
  if (!roles.includes(principal.role)) {
    throw new ForbiddenError(`This action needs the ${roles.join(" or ")} role; you are ${principal.role}.`);
  }
}

/** The caller's workspaces. */
export async function listWorkspaces(deps: ServiceDeps, principal: SessionPrincipal): Promise<WorkspaceListItem[]> {
  const rows = await listMemberships(deps.db, principal.userId);
  return rows.map((m) => ({ id: m.workspace_id, name: m.workspace_name, role: m.role, plan: m.plan }));
}

function memberView(m: MemberRow): MemberView {
  return { userId: m.user_id, email: m.email, role: m.role, joinedAt: m.joined_at };
}

/** The members of the caller's workspace. */
export async function listWorkspaceMembers(deps: ServiceDeps, principal: SessionPrincipal): Promise<MemberView[]> {
  return (await listMembers(deps.db, principal.workspaceId)).map(memberView);
}

/** Removes a member (Owner only); removing the last Owner is refused. */
export async function removeMember(deps: ServiceDeps, principal: SessionPrincipal, userId: string): Promise<void> {
  requireRole(principal, "Owner");
  await deps.db.transaction().execute(async (trx) => {
    const member = await findMember(trx, principal.workspaceId, userId);
    if (member === undefined) throw new NotFoundError("Member");
    if (member.role === "Owner" && (await countOwners(trx, principal.workspaceId)) <= 1) {
      throw ValidationError.field("userId", "A workspace must keep at least one Owner.");
    }
    await deleteMembership(trx, principal.workspaceId, userId);
  });
  deps.collab.endAccess({ userId, workspaceId: principal.workspaceId });
}

/** Changes a member's role (Owner only); demoting the last Owner is refused. */
export async function changeMemberRole(deps: ServiceDeps, principal: SessionPrincipal, userId: string, role: Role): Promise<MemberView> {
  requireRole(principal, "Owner");
  return deps.db.transaction().execute(async (trx) => {
    const member = await findMember(trx, principal.workspaceId, userId);
    if (member === undefined) throw new NotFoundError("Member");
    if (member.role === "Owner" && role !== "Owner" && (await countOwners(trx, principal.workspaceId)) <= 1) {
      throw ValidationError.field("role", "A workspace must keep at least one Owner.");
    }
    await updateMemberRole(trx, principal.workspaceId, userId, role);
    return memberView({ ...member, role });
  });
}

/** Throws 403 unless the caller is a system administrator. */
export function requireAdmin(deps: ServiceDeps, principal: SessionPrincipal): void {
  if (!isAdmin(deps, principal)) throw new ForbiddenError("This action is for system administrators.");
}

/** A workspace as the admin list shows it. */
export interface AdminWorkspaceView {
  readonly id: string;
  readonly name: string;
  readonly plan: Plan;
  readonly createdAt: string;
  readonly memberCount: number;
}

/** Every workspace, filtered by a name, id or member-email fragment (admin only). */
export async function adminListWorkspaces(deps: ServiceDeps, principal: SessionPrincipal, search: string | undefined): Promise<AdminWorkspaceView[]> {
  requireAdmin(deps, principal);
  const rows = await listAllWorkspaces(deps.db, search?.trim(), 500);
  return rows.map((w) => ({ id: w.id, name: w.name, plan: w.plan, createdAt: w.created_at, memberCount: w.member_count }));
}

/** Sets a workspace's plan (admin only); its rate limits and AI quota follow at once. */
export async function adminSetPlan(deps: ServiceDeps, principal: SessionPrincipal, workspaceId: string, plan: Plan): Promise<AdminWorkspaceView> {
  requireAdmin(deps, principal);
  if (!(await setPlan(deps.db, workspaceId, plan))) throw new NotFoundError("Workspace");
  // Cached API keys carry the plan.
  await deps.lookups.changed(workspaceId);
  const row = (await listAllWorkspaces(deps.db, workspaceId, 1))[0];
  if (row === undefined) throw new NotFoundError("Workspace");
  return { id: row.id, name: row.name, plan: row.plan, createdAt: row.created_at, memberCount: row.member_count };
}
