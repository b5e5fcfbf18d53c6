// A MockLanguageModelV3 (from `ai/test`) answering from a list of texts, as an AiModel.
import { MockLanguageModelV3 } from "ai/test";
import type { AiModel } from "../../../src/ai/provider.js";

type CallOptions = Parameters<MockLanguageModelV3["doGenerate"]>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

/** The model and the calls it received. */
export interface MockAi {
  readonly ai: AiModel;
  readonly calls: CallOptions[];
}

function result(text: string): GenerateResult {
  return {
    content: [{ type: "text", text }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
    warnings: [],
  };
}

/** Answers `texts` in turn (the last one repeats); `answer` may decide from the call instead. */
export function mockAi(texts: readonly string[] | ((options: CallOptions) => string), structuredOutputs = true): MockAi {
  let i = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      options.abortSignal?.throwIfAborted();
      const text = typeof texts === "function" ? texts(options) : (texts[Math.min(i++, texts.length - 1)] ?? "");
      return result(text);
    },
  });
  return { ai: { model, structuredOutputs, provider: "mock", modelId: "mock" }, calls: model.doGenerateCalls };
}

/** The system prompt and user text of a recorded call. */
export function promptText(call: CallOptions): { system: string; user: string } {
  const system = call.prompt.filter((m) => m.role === "system").map((m) => m.content as string).join("\n");
  const user = call.prompt
    .filter((m) => m.role === "user")
    .flatMap((m) => (m.content as { type: string; text?: string }[]).filter((p) => p.type === "text").map((p) => p.text ?? ""))
    .join("\n");
  return { system, user };
}
