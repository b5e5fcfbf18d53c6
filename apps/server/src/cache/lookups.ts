// The reads every render makes (API key, template, base PDF metadata), through a per-instance cache when the
// database is remote, straight from the database when it is SQLite in this process (a read there costs
// microseconds, and `docsvc admin` may change a plan from another process with no way to tell this one).
// Every write that changes an API key, a template, a base PDF or a workspace's plan calls `changed`.
import { findApiKeyByHash, type ApiKeyAuthRow } from "../db/api-keys.js";
import { findBasePdf, type BasePdfRow } from "../db/base-pdfs.js";
import type { Db } from "../db/database.js";
import { findTemplate, type TemplateRow } from "../db/templates.js";
import { errorFields, type Logger } from "../log.js";
import type { InvalidationBus } from "./bus.js";
import { LookupCache } from "./lookup-cache.js";

/** The render path's reads, and the hook every write that changes them calls. */
export interface Lookups {
  /** The API key with this hash and its workspace's plan. */
  apiKey(keyHash: string): Promise<ApiKeyAuthRow | undefined>;
  /** A template of this workspace. */
  template(workspaceId: string, id: string): Promise<TemplateRow | undefined>;
  /** The base PDF row of a template of this workspace. */
  basePdf(workspaceId: string, templateId: string): Promise<BasePdfRow | undefined>;
  /**
   * Call after a write to the workspace's API keys, templates, base PDFs or plan has committed: the workspace's
   * entries are dropped here and on every other instance before this resolves (as far as the bus can tell).
   */
  changed(workspaceId: string): Promise<void>;
  close(): Promise<void>;
}

/** No cache: every call reads the database. */
export class DirectLookups implements Lookups {
  constructor(private readonly db: Db) {}
  apiKey(keyHash: string): Promise<ApiKeyAuthRow | undefined> {
    return findApiKeyByHash(this.db, keyHash);
  }
  template(workspaceId: string, id: string): Promise<TemplateRow | undefined> {
    return findTemplate(this.db, workspaceId, id);
  }
  basePdf(workspaceId: string, templateId: string): Promise<BasePdfRow | undefined> {
    return findBasePdf(this.db, workspaceId, templateId);
  }
  async changed(): Promise<void> {}
  async close(): Promise<void> {}
}

/** Through a LookupCache; with a bus, invalidations reach every instance. */
export class CachedLookups implements Lookups {
  constructor(
    private readonly db: Db,
    private readonly cache: LookupCache,
    private readonly log: Logger,
    private readonly bus?: InvalidationBus,
  ) {
    bus?.listen({ workspace: (id) => cache.invalidateWorkspace(id), everything: () => cache.clear() });
  }

  apiKey(keyHash: string): Promise<ApiKeyAuthRow | undefined> {
    if (!this.trusted()) return findApiKeyByHash(this.db, keyHash);
    // An unknown key is not remembered: its workspace is unknown, so nothing could invalidate the miss when a
    // key with that hash is created.
    return this.cache.get(`k:${keyHash}`, () => findApiKeyByHash(this.db, keyHash), (row) => row?.workspace_id);
  }

  template(workspaceId: string, id: string): Promise<TemplateRow | undefined> {
    if (!this.trusted()) return findTemplate(this.db, workspaceId, id);
    return this.cache.get(
      `t:${workspaceId}:${id}`,
      () => findTemplate(this.db, workspaceId, id),
      // A missing template is not remembered: creating one is not a change callers report.
      (row) => row?.workspace_id,
      (row) => 256 + 2 * (row?.content.length ?? 0),
    );
  }

  basePdf(workspaceId: string, templateId: string): Promise<BasePdfRow | undefined> {
    if (!this.trusted()) return findBasePdf(this.db, workspaceId, templateId);
    // "No base PDF" is the common answer and is remembered: an upload reports the change.
    return this.cache.get(`b:${workspaceId}:${templateId}`, () => findBasePdf(this.db, workspaceId, templateId), () => workspaceId, (row) => 256 + 2 * (row?.pages.length ?? 0));
  }

  async changed(workspaceId: string): Promise<void> {
    this.cache.invalidateWorkspace(workspaceId);
    // The write has committed; failing the request now would make the caller retry a write that happened.
    // A lost message leaves other instances stale for at most the TTL (and the bus clears them on reconnect).
    await this.bus?.publish(workspaceId).catch((err: unknown) => this.log.warn("lookup cache: invalidation not published; other instances catch up within the TTL", { workspaceId, ...errorFields(err) }));
  }

  async close(): Promise<void> {
    await this.bus?.close();
  }

  // While the bus is down another instance's invalidation could be missed, so the cache is not used at all (the
  // bus clears it when it is back).
  private trusted(): boolean {
    return this.bus === undefined || this.bus.live;
  }
}
