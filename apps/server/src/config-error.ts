/** A configuration value that cannot be used; start-up stops with its message. */
export class ConfigError extends Error {}
