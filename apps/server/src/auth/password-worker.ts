// Runs in a password-hashing thread (auth/password.ts): bcrypt is pure CPU, and bcryptjs's async API only
// slices that work on the main thread, where 60 logins at once stalled /health for seconds.
import bcrypt from "bcryptjs";
import { runInBackground } from "../background-thread.js";

runInBackground();

/** Hashes a password with bcrypt at `cost`. */
export function hash(task: { readonly password: string; readonly cost: number }): string {
  return bcrypt.hashSync(task.password, task.cost);
}

/** Checks a password against a bcrypt hash. */
export function compare(task: { readonly password: string; readonly hash: string }): boolean {
  return bcrypt.compareSync(task.password, task.hash);
}
