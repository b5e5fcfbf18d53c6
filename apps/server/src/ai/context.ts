// What the AI use cases share: the model, the quota, the check tokens, and the service's dependencies.
import type { ServiceDeps } from "../services/deps.js";
import type { CheckTokens } from "./check-tokens.js";
import type { AiModel } from "./provider.js";
import type { AiQuota } from "./quota.js";

/** Built once in aiRoutes; `model` is undefined when AI is off, and until the first AI request builds it. */
export interface AiContext {
  readonly deps: ServiceDeps;
  model: AiModel | undefined;
  readonly quota: AiQuota;
  readonly checkTokens: CheckTokens;
  /** Pass-2 model calls running at once per request. */
  readonly bandConcurrency: number;
  readonly keepAliveMs: number;
}
