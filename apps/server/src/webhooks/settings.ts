// WEBHOOK_* settings: where webhooks may go and how deliveries are paced, read once at start-up.
import { ConfigError } from "../config-error.js";
import { DAY, HOUR } from "../time.js";

/** How outbound webhook requests are made and retried. */
export interface WebhookSettings {
  /** WEBHOOK_ALLOW_PRIVATE=true: private, loopback and link-local addresses are allowed (tests, closed networks). */
  readonly allowPrivate: boolean;
  /** WEBHOOK_TIMEOUT_MS: one attempt's whole budget, connection to the end of the answer (default 10 s). */
  readonly timeoutMs: number;
  /** WEBHOOK_RETRY_BASE_MS: the first retry's delay; each next one doubles, up to an hour (default 30 s). */
  readonly retryBaseMs: number;
  /** How long an event is retried (24 hours). */
  readonly retryForMs: number;
  /** WEBHOOK_POLL_MS: how often an idle dispatcher looks for due deliveries and queued renders (default 1 s). */
  readonly pollMs: number;
}

/** The defaults (a configuration without WEBHOOK_* variables, and tests that leave them out). */
export const WEBHOOK_DEFAULTS: WebhookSettings = { allowPrivate: false, timeoutMs: 10_000, retryBaseMs: 30_000, retryForMs: DAY, pollMs: 1_000 };

/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = HOUR;

type Env = Readonly<Record<string, string | undefined>>;

function whole(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new ConfigError(`${name} must be a positive whole number of milliseconds, got '${raw}'.`);
  return value;
}

/** Reads WEBHOOK_ALLOW_PRIVATE, WEBHOOK_TIMEOUT_MS, WEBHOOK_RETRY_BASE_MS and WEBHOOK_POLL_MS. */
export function parseWebhookSettings(env: Env): WebhookSettings {
  const allow = env.WEBHOOK_ALLOW_PRIVATE?.trim().toLowerCase() ?? "";
  if (!["", "true", "false", "1", "0"].includes(allow)) throw new ConfigError(`WEBHOOK_ALLOW_PRIVATE must be true or false, got '${allow}'.`);
  return {
    allowPrivate: allow === "true" || allow === "1",
    timeoutMs: whole(env, "WEBHOOK_TIMEOUT_MS", WEBHOOK_DEFAULTS.timeoutMs),
    retryBaseMs: whole(env, "WEBHOOK_RETRY_BASE_MS", WEBHOOK_DEFAULTS.retryBaseMs),
    retryForMs: WEBHOOK_DEFAULTS.retryForMs,
    pollMs: whole(env, "WEBHOOK_POLL_MS", WEBHOOK_DEFAULTS.pollMs),
  };
}

/** The wait before attempt `attempts + 1` after `attempts` failed ones: base, 2×base, 4×base, … at most an hour. */
export function retryDelay(settings: Pick<WebhookSettings, "retryBaseMs">, attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, settings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}
