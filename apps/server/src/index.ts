// @docsvc/server: embed the service (tests, custom boot) or run it through the `docsvc` command.
export { createApp, JSON_BODY_LIMIT, type AppOptions, type CreatedApp } from "./app.js";
export { loadConfig, ConfigError, type Config } from "./config.js";
export { startServer, DATABASE_FILE, SHUTDOWN_MS, type RunningServer, type ServerOverrides } from "./main.js";
export { DEFAULT_PLANS, PLANS, type PlanLimits, type PlanTable } from "./services/plans.js";
export { createLogger, type Logger, type LogLevel } from "./log.js";
