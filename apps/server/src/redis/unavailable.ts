// For state kept in Redis that has no per-instance fallback worth having (a token or a count known to one
// instance only is the bug the store exists to prevent): while Redis is unreachable such requests answer 503.
import { ServiceUnavailableError } from "../errors.js";

/** Awaits `command`, turning a Redis failure into a 503 that names `what`. */
export async function redisOr503<T>(what: string, command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (err) {
    throw Object.assign(new ServiceUnavailableError(`${what} are unavailable while their store (Redis) is unreachable. Try again shortly.`), { cause: err });
  }
}
