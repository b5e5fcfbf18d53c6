// Where presence lives: database rows (the default; shared through PostgreSQL when DATABASE_URL is set) or
// Redis keys that expire on their own (redis/presence.ts).
import type { Db } from "../db/database.js";
import { deleteExpiredPresence, deletePresence, listViewers, upsertPresence, type PresenceKey, type ViewerRow } from "../db/presence.js";
import { nowIso } from "../time.js";

/** Heartbeats and the current viewers of one resource. */
export interface PresenceStore {
  /** Records a heartbeat at `at` (ms) that counts for `ttlMs`. */
  touch(key: PresenceKey, userId: string, at: number, ttlMs: number): Promise<void>;
  /** Members seen at or after `since` (ms), most recently seen first. */
  viewers(key: PresenceKey, since: number): Promise<ViewerRow[]>;
  /** Drops the user at once. */
  remove(key: PresenceKey, userId: string): Promise<void>;
}

/** Presence as database rows. */
export class DbPresenceStore implements PresenceStore {
  constructor(private readonly db: Db) {}

  /** Upserts the row, then sweeps expired ones: heartbeats are the only writes, so the table stays small. */
  async touch(key: PresenceKey, userId: string, at: number, ttlMs: number): Promise<void> {
    await upsertPresence(this.db, key, userId, nowIso(at));
    await deleteExpiredPresence(this.db, nowIso(at - ttlMs));
  }

  /** Rows seen since, joined with users and memberships. */
  viewers(key: PresenceKey, since: number): Promise<ViewerRow[]> {
    return listViewers(this.db, key, nowIso(since));
  }

  /** Deletes the row. */
  remove(key: PresenceKey, userId: string): Promise<void> {
    return deletePresence(this.db, key, userId);
  }
}
