// Threads doing work on behalf of one client (password hashing, reading uploads) run at a lower CPU priority
// than the event loop and the render threads, so a flood of such work slows the flooder, not /health.
import { setPriority } from "node:os";

/** Nice value of a background thread (0 is normal, 19 the lowest). */
const BACKGROUND_NICE = 10;

/**
 * Lowers the priority of the calling thread. Only on Linux, where `setpriority` on pid 0 means the calling
 * thread; elsewhere it would lower the whole process, so nothing is done.
 */
export function runInBackground(): void {
  if (process.platform !== "linux") return;
  try {
    setPriority(BACKGROUND_NICE);
  } catch {
    // A sandbox may forbid it; the thread then runs at normal priority.
  }
}
