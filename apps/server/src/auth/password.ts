import { availableParallelism } from "node:os";
import type { Piscina } from "piscina";

// Cost 10: about 50–80 ms per hash on a laptop core, spent in a worker thread (./password-worker), never on
// the event loop.
const COST = 10;
const MIN_BYTES = 8;
// bcrypt only reads the first 72 bytes; a longer password would silently collide with its prefix.
const MAX_BYTES = 72;

/** How long a hashing thread may sit idle before it exits. */
const PASSWORD_THREAD_IDLE_MS = 30_000;

// Half the cores (at least one): a flood of logins gets that share of the machine, renders and /health the rest.
// Idle threads are unreferenced by piscina, so the pool never holds the process open. Piscina itself loads with
// the first password to hash, not at start-up.
let pool: Promise<Piscina> | undefined;
const hashing = (): Promise<Piscina> =>
  (pool ??= import("piscina").then(
    ({ Piscina }) =>
      new Piscina({
        // Under tsx (tests, development) this file is .ts and the thread needs the loader: see password-worker-tsx.mjs.
        filename: new URL(import.meta.url.endsWith(".ts") ? "./password-worker-tsx.mjs" : "./password-worker.js", import.meta.url).href,
        // An idle hashing thread (a whole isolate, ~20 MB of RSS) exits after a while: sign-ins come in bursts,
        // and a thread starts in less time than one hash takes.
        minThreads: 0,
        idleTimeout: PASSWORD_THREAD_IDLE_MS,
        maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
      }),
  ));

/** Why a password is unacceptable, or undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  const bytes = Buffer.byteLength(password, "utf8");
  if (bytes < MIN_BYTES) return `Password must be at least ${MIN_BYTES} bytes long.`;
  if (bytes > MAX_BYTES) return `Password must be at most ${MAX_BYTES} bytes long (UTF-8).`;
  return undefined;
}

/** Hashes a password with bcrypt in a hashing thread. */
export async function hashPassword(password: string): Promise<string> {
  return (await hashing()).run({ password, cost: COST }, { name: "hash" }) as Promise<string>;
}

/** Checks a password against a bcrypt hash in a hashing thread. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return (await hashing()).run({ password, hash }, { name: "compare" }) as Promise<boolean>;
}

// A real hash of a random string: comparing against it when the user does not exist costs the same time
// as a real check, so response times do not reveal which addresses have accounts.
let dummy: Promise<string> | undefined;

/** Spends the time of one password check without a user. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword("not-a-real-password-" + Math.random());
  await verifyPassword(password, await dummy);
}

/** The stored hash of a user who has no password (signed up through a provider; set one by password reset). */
export const NO_PASSWORD = "";

/** True when the user can sign in with a password. */
export function hasPassword(hash: string): boolean {
  return hash !== NO_PASSWORD;
}
