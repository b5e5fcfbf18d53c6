// /api/ai/*: session lane; every endpoint but status answers 503 (after authentication) while AI is off.
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CheckTokens } from "../ai/check-tokens.js";
import type { AiContext } from "../ai/context.js";
import { readForm } from "../ai/form.js";
import type { AiModel } from "../ai/provider.js";
import { AiQuota } from "../ai/quota.js";
import { GENERATE_BODY_LIMIT, generationRequest, legacyRequest, REVISE_BODY_LIMIT, revisionRequest } from "../ai/requests.js";
import type { AiSettings } from "../ai/settings.js";
import { KEEP_ALIVE_MS, sseResponse } from "../ai/sse.js";
import { HttpError } from "../errors.js";
import { sessionAuth } from "../http/auth.js";
import type { SessionEnv } from "../http/env.js";
import { jsonBody } from "../http/validate.js";
import { RefineBandBody } from "../schemas/ai.js";
import type { ServiceDeps } from "../services/deps.js";
import { takeRenderToken } from "../services/render.js";

/** Test and tuning seams of the AI routes. */
export interface AiRouteOptions {
  /** Replaces the configured provider (unit tests pass a MockLanguageModelV3 here). */
  readonly model?: AiModel;
  /** Pass-2 calls at once per request (default 3). */
  readonly bandConcurrency?: number;
  /** SSE keep-alive period (default 15 s). */
  readonly keepAliveMs?: number;
}

const OFF = "AI is not configured on this server. Set AI_PROVIDER (openai, anthropic, google or openai-compatible), AI_MODEL and AI_API_KEY, and AI_BASE_URL for openai-compatible (optional for the others), then restart.";

// The AI SDKs (the provider packages, \`ai\`, zod, OpenTelemetry) and the passes that call them load with the
// first AI request, not with the server: most requests, and a server without AI, never need them.
const generation = () => import("../ai/generate.js");
const revision = () => import("../ai/revise.js");
const single = () => import("../ai/single.js");

/** The AI routes, mounted at /api/ai. */
export function aiRoutes(deps: ServiceDeps, settings: AiSettings | undefined, options: AiRouteOptions = {}): Hono<SessionEnv> {
  const ctx: AiContext = {
    deps,
    model: options.model,
    quota: new AiQuota(deps, deps.refineCounter),
    checkTokens: new CheckTokens(deps.checkTokens),
    bandConcurrency: options.bandConcurrency ?? 3,
    keepAliveMs: options.keepAliveMs ?? KEEP_ALIVE_MS,
  };
  const app = new Hono<SessionEnv>();
  const session = sessionAuth(deps);
  let building: Promise<AiModel> | undefined;
  const enabled: MiddlewareHandler<SessionEnv> = async (_c, next) => {
    if (ctx.model === undefined && settings !== undefined) {
      building ??= import("../ai/provider.js").then(({ createAiModel }) => createAiModel(settings));
      ctx.model = await building;
    }
    if (ctx.model === undefined) throw new HttpError(503, OFF);
    await next();
  };
  const rate: MiddlewareHandler<SessionEnv> = async (c, next) => {
    await takeRenderToken(deps, c.get("principal"));
    await next();
  };
  const limit = (bytes: number) => bodyLimit({ maxSize: bytes, onError: () => { throw new HttpError(413, `The request body is larger than the limit of ${bytes} bytes.`); } });
  const ai = (): AiModel => ctx.model as AiModel;

  app.get("/status", session, (c) =>
    c.json(status(options.model, settings)),
  );

  app.post("/generate-band-template", session, enabled, limit(GENERATE_BODY_LIMIT), rate, async (c) => {
    const principal = c.get("principal");
    const { input, credit } = await generationRequest(ctx, principal, await readForm(c.req));
    return sseResponse(c.req.raw, deps.log, async (send, signal) => (await generation()).runGeneration(ctx, ai(), principal, input, credit, send, signal), ctx.keepAliveMs);
  });

  app.post("/revise-document", session, enabled, limit(REVISE_BODY_LIMIT), rate, async (c) => {
    const principal = c.get("principal");
    const { input, credit } = await revisionRequest(ctx, principal, await readForm(c.req));
    return sseResponse(c.req.raw, deps.log, async (send, signal) => (await revision()).runRevision(ctx, ai(), principal, input, credit, send, signal), ctx.keepAliveMs);
  });

  app.post("/refine-band", session, enabled, jsonBody(RefineBandBody), async (c) =>
    c.json(await (await single()).refineBand(ctx, ai(), c.get("principal"), c.req.valid("json"), c.req.raw.signal)),
  );

  app.post("/generate-template", session, enabled, limit(GENERATE_BODY_LIMIT), rate, async (c) => {
    const input = await legacyRequest(ctx, await readForm(c.req));
    return c.json(await (await single()).legacyTemplate(ctx, ai(), c.get("principal"), input, c.req.raw.signal));
  });

  return app;
}

// GET /api/ai/status from the configuration (the model instance is built on the first AI request).
function status(model: AiModel | undefined, settings: AiSettings | undefined) {
  if (model !== undefined) return { enabled: true, provider: model.provider, model: model.modelId, structuredOutputs: model.structuredOutputs };
  if (settings !== undefined) return { enabled: true, provider: settings.provider, model: settings.model, structuredOutputs: settings.structuredOutputs };
  return { enabled: false, provider: null, model: null, structuredOutputs: null };
}
