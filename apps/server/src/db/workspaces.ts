// Workspaces and memberships.
import { sql } from "kysely";
import type { Db } from "./database.js";
import { contains } from "./dialect.js";
import type { Plan, Role, WorkspacesTable } from "./schema.js";

export type WorkspaceRow = WorkspacesTable;

/** A user's membership joined with its workspace. */
export interface MembershipRow {
  readonly workspace_id: string;
  readonly workspace_name: string;
  readonly plan: Plan;
  readonly role: Role;
  readonly joined_at: string;
}

/** A member of one workspace with their email. */
export interface MemberRow {
  readonly user_id: string;
  readonly email: string;
  readonly role: Role;
  readonly joined_at: string;
}

/** Inserts a workspace. */
export async function insertWorkspace(db: Db, row: WorkspaceRow): Promise<void> {
  await db.insertInto("workspaces").values(row).execute();
}

/** The workspace with this id. */
export function findWorkspace(db: Db, id: string): Promise<WorkspaceRow | undefined> {
  return db.selectFrom("workspaces").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Adds a member (or changes nothing if already one). */
export async function insertMembership(db: Db, workspaceId: string, userId: string, role: Role, at: string): Promise<void> {
  await db
    .insertInto("memberships")
    .values({ workspace_id: workspaceId, user_id: userId, role, joined_at: at })
    .onConflict((oc) => oc.columns(["workspace_id", "user_id"]).doNothing())
    .execute();
}

const membershipColumns = [
  "memberships.workspace_id",
  "workspaces.name as workspace_name",
  "workspaces.plan",
  "memberships.role",
  "memberships.joined_at",
] as const;

/** The user's membership in one workspace, if any. */
export function findMembership(db: Db, workspaceId: string, userId: string): Promise<MembershipRow | undefined> {
  return db
    .selectFrom("memberships")
    .innerJoin("workspaces", "workspaces.id", "memberships.workspace_id")
    .select(membershipColumns)
    .where("memberships.workspace_id", "=", workspaceId)
    .where("memberships.user_id", "=", userId)
    .executeTakeFirst();
}

/** Every workspace the user belongs to, oldest membership first. */
export function listMemberships(db: Db, userId: string): Promise<MembershipRow[]> {
  return db
    .selectFrom("memberships")
    .innerJoin("workspaces", "workspaces.id", "memberships.workspace_id")
    .select(membershipColumns)
    .where("memberships.user_id", "=", userId)
    .orderBy("memberships.joined_at")
    .orderBy("memberships.workspace_id")
    .execute();
}

// Members of one workspace with their emails: every member query starts here, scoped by the workspace.
function membersOf(db: Db, workspaceId: string) {
  return db
    .selectFrom("memberships")
    .innerJoin("users", "users.id", "memberships.user_id")
    .select(["memberships.user_id", "users.email", "memberships.role", "memberships.joined_at"])
    .where("memberships.workspace_id", "=", workspaceId);
}

/** The members of one workspace, oldest first. */
export function listMembers(db: Db, workspaceId: string): Promise<MemberRow[]> {
  return membersOf(db, workspaceId)
    .orderBy("memberships.joined_at")
    .orderBy("memberships.user_id")
    .execute();
}

/** One member of one workspace. */
export function findMember(db: Db, workspaceId: string, userId: string): Promise<MemberRow | undefined> {
  return membersOf(db, workspaceId)
    .where("memberships.user_id", "=", userId)
    .executeTakeFirst();
}

/** How many Owners the workspace has. */
export async function countOwners(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .where("role", "=", "Owner")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Changes a member's role. */
export async function updateMemberRole(db: Db, workspaceId: string, userId: string, role: Role): Promise<void> {
  await db
    .updateTable("memberships")
    .set({ role })
    .where("workspace_id", "=", workspaceId)
    .where("user_id", "=", userId)
    .execute();
}

/** Removes a member. */
export async function deleteMembership(db: Db, workspaceId: string, userId: string): Promise<void> {
  await db.deleteFrom("memberships").where("workspace_id", "=", workspaceId).where("user_id", "=", userId).execute();
}

/** Sets a workspace's plan; false when the workspace does not exist. */
export async function setPlan(db: Db, workspaceId: string, plan: Plan): Promise<boolean> {
  const result = await db.updateTable("workspaces").set({ plan }).where("id", "=", workspaceId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A workspace as the admin list shows it. */
export interface AdminWorkspaceRow extends WorkspaceRow {
  readonly member_count: number;
}

/** All workspaces (admin), optionally filtered by a name, id or member email fragment. */
export function listAllWorkspaces(db: Db, search: string | undefined, limit: number): Promise<AdminWorkspaceRow[]> {
  let query = db
    .selectFrom("workspaces")
    .selectAll("workspaces")
    .select((eb) =>
      eb
        .selectFrom("memberships")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("memberships.workspace_id", "=", "workspaces.id")
        .as("member_count"),
    );
  if (search !== undefined && search !== "") {
    const needle = search.toLowerCase();
    query = query.where((eb) =>
      eb.or([
        contains(sql<string>`lower(workspaces.name)`, needle),
        eb("workspaces.id", "=", needle),
        eb.exists(
          eb
            .selectFrom("memberships")
            .innerJoin("users", "users.id", "memberships.user_id")
            .select("users.id")
            .whereRef("memberships.workspace_id", "=", "workspaces.id")
            .where(contains(sql<string>`users.email`, needle)),
        ),
      ]),
    );
  }
  return query
    .orderBy("workspaces.created_at", "desc")
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, member_count: Number(r.member_count ?? 0) })));
}

/** The member of this workspace with this (normalised) email. */
export function findMemberByEmail(db: Db, workspaceId: string, email: string): Promise<MemberRow | undefined> {
  return membersOf(db, workspaceId)
    .where("users.email", "=", email)
    .executeTakeFirst();
}
