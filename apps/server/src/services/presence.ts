// Presence (Beta): who is viewing a resource. A heartbeat counts for PRESENCE_TTL_MS; a viewer that stops
// calling drops out on its own, DELETE drops out at once.
import type { SessionPrincipal } from "../auth/principal.js";
import type { PresenceKey } from "../db/presence.js";
import { findTemplate } from "../db/templates.js";
import type { Db } from "../db/database.js";
import { NotFoundError, ValidationError } from "../errors.js";
import { isUuid } from "../ids.js";
import { clockNow, nowIso } from "../time.js";
import type { ServiceDeps } from "./deps.js";

/** How long one heartbeat keeps a viewer present. */
export const PRESENCE_TTL_MS = 30_000;

// Each kind of resource presence can be recorded on, with how to check it belongs to the workspace.
const RESOURCES: Readonly<Record<string, (db: Db, workspaceId: string, id: string) => Promise<boolean>>> = {
  template: async (db, workspaceId, id) => (await findTemplate(db, workspaceId, id)) !== undefined,
};

/** The resource types presence accepts. */
export const PRESENCE_RESOURCE_TYPES: readonly string[] = Object.keys(RESOURCES);

/** One current viewer. */
export interface ViewerView {
  readonly userId: string;
  readonly email: string;
  readonly lastSeenAt: string;
}

/** The answer to a heartbeat. */
export interface HeartbeatView {
  readonly resourceType: string;
  readonly resourceId: string;
  readonly lastSeenAt: string;
  readonly expiresAt: string;
}

async function resolveKey(deps: ServiceDeps, principal: SessionPrincipal, resourceType: string, resourceId: string): Promise<PresenceKey> {
  const exists = Object.hasOwn(RESOURCES, resourceType) ? RESOURCES[resourceType] : undefined;
  // A path that names no known kind or no resource of this workspace names nothing: 404 either way.
  if (exists === undefined || !isUuid(resourceId) || !(await exists(deps.db, principal.workspaceId, resourceId))) {
    throw new NotFoundError("Resource");
  }
  return { workspaceId: principal.workspaceId, resourceType, resourceId };
}

/** Marks the caller as viewing the resource for the next PRESENCE_TTL_MS. */
export async function heartbeat(deps: ServiceDeps, principal: SessionPrincipal, resourceType: string, resourceId: string): Promise<HeartbeatView> {
  if (!Object.hasOwn(RESOURCES, resourceType)) {
    throw ValidationError.field("resourceType", `resourceType must be one of: ${PRESENCE_RESOURCE_TYPES.join(", ")}.`);
  }
  const key = await resolveKey(deps, principal, resourceType, resourceId);
  const now = clockNow();
  await deps.presence.touch(key, principal.userId, now, PRESENCE_TTL_MS);
  return { resourceType, resourceId, lastSeenAt: nowIso(now), expiresAt: nowIso(now + PRESENCE_TTL_MS) };
}

/** The current viewers of the resource (the caller included when present), most recently seen first. */
export async function currentViewers(deps: ServiceDeps, principal: SessionPrincipal, resourceType: string, resourceId: string): Promise<ViewerView[]> {
  const key = await resolveKey(deps, principal, resourceType, resourceId);
  const rows = await deps.presence.viewers(key, clockNow() - PRESENCE_TTL_MS);
  return rows.map((r) => ({ userId: r.user_id, email: r.email, lastSeenAt: r.last_seen_at }));
}

/** Removes the caller from the resource's viewers at once. */
export async function leave(deps: ServiceDeps, principal: SessionPrincipal, resourceType: string, resourceId: string): Promise<void> {
  await deps.presence.remove(await resolveKey(deps, principal, resourceType, resourceId), principal.userId);
}
