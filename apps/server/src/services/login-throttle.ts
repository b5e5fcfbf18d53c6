// The login throttle, shaped so a shared address (an office behind one NAT, a CI host, everyone behind a proxy
// that TRUST_PROXY does not name) cannot be locked out by one of its users:
// - failures per (address, email): `pairFailures` (10 per 15 min), 429 for that pair only;
// - failures per email, from anywhere: `emailFailures` (50 per 15 min), so guessing one account from many
//   addresses is bounded too, without letting a stranger lock the owner out with ten wrong passwords;
// - logins per address: `addressLogins`, a generous bucket (300 at once, 5 per second after) that only
//   successful logins keep: a failure gives its token back, so a flood of wrong passwords from an address
//   does not stop its other users from signing in;
// - `trusted` addresses (LOGIN_TRUSTED_CIDRS: an office, a CI runner) skip both per-address buckets.
// Each bucket's token is taken before the password is checked and given back when the outcome does not count
// against it, so a thousand concurrent guesses cannot all slip past a check made before any of them failed.
// The buckets live in a LoginBuckets store: the database or Redis, shared by every instance, kept over restarts.
import { createHash } from "node:crypto";
import { clientKey } from "../http/client-address.js";
import { NOBODY, type AddressList } from "../http/address-list.js";
import type { BucketRule, LoginBuckets } from "./login-buckets.js";

/** The throttle's settings (LOGIN_* variables, parsed in config.ts). */
export interface LoginSettings {
  readonly pairFailures: BucketRule;
  readonly emailFailures: BucketRule;
  readonly addressLogins: BucketRule;
  readonly trusted: AddressList;
}

/** Failures refill over this window: N failures per window, then one more each window/N. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

/** The defaults (docs/limits.md). */
export const LOGIN_DEFAULTS: LoginSettings = {
  pairFailures: { capacity: 10, refillMs: LOGIN_FAILURE_WINDOW_MS / 10 },
  emailFailures: { capacity: 50, refillMs: LOGIN_FAILURE_WINDOW_MS / 50 },
  addressLogins: { capacity: 300, refillMs: 200 },
  trusted: NOBODY,
};

/** Which bucket refused, and for how many seconds. */
export interface LoginRefusal {
  readonly refused: "pair" | "email" | "address";
  readonly retryAfter: number;
}

/** An admitted attempt: report its outcome once. */
export interface LoginAttempt {
  readonly refused?: undefined;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

const hash = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 32);

/** The throttle; `buckets` decides where counts live. */
export class LoginThrottle {
  constructor(
    private readonly buckets: LoginBuckets,
    private readonly settings: LoginSettings = LOGIN_DEFAULTS,
  ) {}

  /**
   * Admits a login attempt by `email` (normalised) from `address` (the client after TRUST_PROXY, or "in-process"),
   * or says which bucket is empty. Keys name no one: emails and addresses are hashed.
   */
  async begin(address: string, email: string): Promise<LoginAttempt | LoginRefusal> {
    const { pairFailures, emailFailures, addressLogins } = this.settings;
    const trusted = this.settings.trusted.matches(address);
    const emailGroup = `email:${hash(email)}`;
    const pairGroup = `pair:${hash(email)}`;
    const member = hash(clientKey(address));
    const addressGroup = `address:${member}`;
    // In order, each given back when a later one refuses.
    const steps: { refused: LoginRefusal["refused"]; group: string; member: string; rule: BucketRule }[] = [
      { refused: "email", group: emailGroup, member: "", rule: emailFailures },
      ...(trusted ? [] : [
        { refused: "pair" as const, group: pairGroup, member, rule: pairFailures },
        { refused: "address" as const, group: addressGroup, member: "", rule: addressLogins },
      ]),
    ];
    const taken: typeof steps = [];
    for (const step of steps) {
      const wait = await this.buckets.take(step.group, step.member, step.rule);
      if (wait !== undefined) {
        await Promise.all(taken.map((t) => this.buckets.give(t.group, t.member, t.rule)));
        return { refused: step.refused, retryAfter: wait };
      }
      taken.push(step);
    }
    const giveBack = (kinds: readonly LoginRefusal["refused"][]) =>
      Promise.all(taken.filter((t) => kinds.includes(t.refused)).map((t) => this.buckets.give(t.group, t.member, t.rule)));
    let reported = false;
    return {
      // A failure counts against the email and the pair, not the address's bucket of logins.
      failed: async () => {
        if (reported) return;
        reported = true;
        await giveBack(["address"]);
      },
      // A success proves the password: this pair starts afresh and the email's token comes back.
      succeeded: async () => {
        if (reported) return;
        reported = true;
        await Promise.all([giveBack(["email"]), trusted ? Promise.resolve() : this.buckets.reset(pairGroup, member)]);
      },
    };
  }

  /** Forgets an email's failures from everywhere (after a password reset, which proves the address). */
  async clear(email: string): Promise<void> {
    await Promise.all([this.buckets.reset(`email:${hash(email)}`), this.buckets.reset(`pair:${hash(email)}`)]);
  }
}
