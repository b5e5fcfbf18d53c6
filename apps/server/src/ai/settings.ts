// AI configuration (AI_PROVIDER, AI_MODEL, AI_API_KEY, AI_BASE_URL, AI_STRUCTURED_OUTPUTS), read once at
// start-up. AI_PROVIDER unset turns the AI endpoints off (503 naming these variables).
import { ConfigError } from "../config-error.js";

/** The providers the AI endpoints can call. */
export const AI_PROVIDERS = ["openai", "anthropic", "google", "openai-compatible"] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

/** What the AI endpoints need to reach a model. */
export interface AiSettings {
  readonly provider: AiProviderName;
  readonly model: string;
  readonly apiKey: string | undefined;
  readonly baseUrl: string | undefined;
  /** False: JSON mode with the schema written into the prompt (models without json_schema support). */
  readonly structuredOutputs: boolean;
}

/** The default model per provider (AI_MODEL overrides it; openai-compatible needs it). */
const DEFAULT_MODELS: Readonly<Record<AiProviderName, string | undefined>> = {
  openai: "gpt-4.1",
  anthropic: "claude-sonnet-4-5",
  google: "gemini-2.5-flash",
  "openai-compatible": undefined,
};

type Env = Readonly<Record<string, string | undefined>>;
const value = (env: Env, key: string): string | undefined => env[key]?.trim() || undefined;

/** Parses the AI variables; undefined when AI_PROVIDER is unset (AI off). */
export function parseAiSettings(env: Env): AiSettings | undefined {
  const raw = value(env, "AI_PROVIDER")?.toLowerCase();
  if (raw === undefined) return undefined;
  const provider = AI_PROVIDERS.find((p) => p === raw);
  if (provider === undefined) throw new ConfigError(`AI_PROVIDER must be one of ${AI_PROVIDERS.join(", ")}; got '${raw}'.`);
  const baseUrl = value(env, "AI_BASE_URL")?.replace(/\/+$/, "");
  if (baseUrl !== undefined && !/^https?:\/\//.test(baseUrl)) throw new ConfigError(`AI_BASE_URL must start with http:// or https://, got '${baseUrl}'.`);
  if (provider === "openai-compatible" && baseUrl === undefined) throw new ConfigError("AI_BASE_URL is required with AI_PROVIDER=openai-compatible (for example http://127.0.0.1:11434/v1 for Ollama).");
  const model = value(env, "AI_MODEL") ?? DEFAULT_MODELS[provider];
  if (model === undefined) throw new ConfigError(`AI_MODEL is required with AI_PROVIDER=${provider}.`);
  const structured = value(env, "AI_STRUCTURED_OUTPUTS")?.toLowerCase();
  if (structured !== undefined && structured !== "true" && structured !== "false") throw new ConfigError(`AI_STRUCTURED_OUTPUTS must be true or false; got '${structured}'.`);
  return { provider, model, apiKey: value(env, "AI_API_KEY"), baseUrl, structuredOutputs: structured !== "false" };
}
