// The model behind the AI endpoints, built from AiSettings through the AI SDK's provider packages. Always a
// model instance: a bare model id would route through a hosted gateway the operator never chose.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { AiSettings } from "./settings.js";

/** A configured model and how to ask it for JSON. */
export interface AiModel {
  readonly model: Exclude<LanguageModel, string>;
  /** Send the answer's JSON schema as the response format; false: JSON mode with the schema in the prompt. */
  readonly structuredOutputs: boolean;
  /** For GET /api/ai/status. */
  readonly provider: string;
  readonly modelId: string;
}

/** Builds the model instance for the configured provider. */
export function createAiModel(settings: AiSettings): AiModel {
  const auth = { ...(settings.apiKey !== undefined ? { apiKey: settings.apiKey } : {}), ...(settings.baseUrl !== undefined ? { baseURL: settings.baseUrl } : {}) };
  const model = (() => {
    switch (settings.provider) {
      case "openai":
        return createOpenAI(auth)(settings.model);
      case "anthropic":
        return createAnthropic(auth)(settings.model);
      case "google":
        return createGoogleGenerativeAI(auth)(settings.model);
      case "openai-compatible":
        return createOpenAICompatible({
          name: "docsvc",
          baseURL: settings.baseUrl ?? "",
          ...(settings.apiKey !== undefined ? { apiKey: settings.apiKey } : {}),
          supportsStructuredOutputs: settings.structuredOutputs,
        }).chatModel(settings.model);
    }
  })();
  return { model, structuredOutputs: settings.structuredOutputs, provider: settings.provider, modelId: settings.model };
}
