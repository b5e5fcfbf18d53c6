// The render pool's refusals in HTTP terms, for every service that sends work to the pool.
import { HttpError, ServiceUnavailableError, UnprocessableError } from "../errors.js";
import { RenderAbortedError, RenderBudgetError, RenderQueueFullError } from "../render/budget.js";

/** The render pool's refusals as HTTP answers: over budget 422, queue full 503, abandoned 499 (nobody reads it). */
export function renderFailure(error: unknown): unknown {
  if (error instanceof RenderBudgetError) return new UnprocessableError(error.message);
  if (error instanceof RenderQueueFullError) return new ServiceUnavailableError(error.message, error.retryAfterSeconds);
  if (error instanceof RenderAbortedError) return new HttpError(499, error.message);
  return error;
}
