// A background loop over work kept in the database: each turn takes what is due (claims with an expiry, so a
// dead instance's work is taken over), and an idle loop sleeps until woken or the poll interval passes. Used by
// the webhook dispatcher and the asynchronous render runner; several instances may run it over one database.
import { isDatabaseUnavailable } from "../db/dialect.js";
import { errorFields, type Logger } from "../log.js";

/** A loop that can be started, woken and stopped. */
export class PollLoop {
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wakeIdle: (() => void) | undefined;
  private woken = false;

  /** `turn` answers whether it found work (then the next turn runs at once). */
  constructor(
    private readonly name: string,
    private readonly turn: () => Promise<boolean>,
    private readonly pollMs: number,
    private readonly log: Logger,
  ) {}

  /** Starts the loop (idempotent). */
  start(): void {
    this.stopping = false;
    this.loop ??= this.run();
  }

  /** Tells an idle loop to look now. */
  wake(): void {
    this.woken = true;
    this.wakeIdle?.();
  }

  /** Finishes the turn in progress and stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    this.loop = undefined;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      let busy = false;
      try {
        busy = await this.turn();
      } catch (err) {
        // Logged and retried after the interval: the work is in the database and nothing is lost.
        if (isDatabaseUnavailable(err)) this.log.warn(`${this.name}: database unreachable, retrying`, errorFields(err));
        else this.log.error(`${this.name}: a turn failed`, errorFields(err));
      }
      if (!busy && !this.stopping && !this.woken) await this.idle();
    }
  }

  private async idle(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.pollMs);
      this.wakeIdle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeIdle = undefined;
  }
}
