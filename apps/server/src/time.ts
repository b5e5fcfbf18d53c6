/** The current instant as ISO 8601 UTC with milliseconds, the one timestamp format the API speaks. */
export function nowIso(now: number = Date.now()): string {
  return new Date(now).toISOString();
}

/** ISO timestamp `ms` milliseconds after `from`. */
export function isoAfter(ms: number, from: number = Date.now()): string {
  return new Date(from + ms).toISOString();
}

/** Normalises any parseable timestamp to the stored form, or undefined when it does not parse. */
export function normaliseIso(value: string): string | undefined {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The service's clock: retention and thinning read it, so tests can move time without waiting. */
export interface Clock {
  now(): number;
}

let current: Clock = { now: () => Date.now() };

/** Milliseconds since the epoch by the service clock. */
export function clockNow(): number {
  return current.now();
}

/** Replaces the service clock (tests); `undefined` restores the real one. */
export function setClock(clock: Clock | undefined): void {
  current = clock ?? { now: () => Date.now() };
}
