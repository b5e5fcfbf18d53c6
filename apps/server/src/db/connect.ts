// Which database the configuration names: PostgreSQL for DATABASE_URL, else the SQLite file under DATA_DIR.
import { join } from "node:path";
import type { Config } from "../config.js";
import type { Logger } from "../log.js";
import { openDatabase, type Db } from "./database.js";
import { openPostgres } from "./postgres.js";

/** The database file inside DATA_DIR. */
export const DATABASE_FILE = "docsvc.db";

/** Opens the configured database (not yet migrated). */
export function connectDatabase(config: Pick<Config, "dataDir" | "databaseUrl">, log: Logger): Db {
  return config.databaseUrl !== undefined ? openPostgres(config.databaseUrl, log) : openDatabase(join(config.dataDir, DATABASE_FILE));
}
