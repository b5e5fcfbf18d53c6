// `pnpm eval:ai`: scores the configured model (AI_PROVIDER, AI_MODEL, AI_API_KEY, AI_BASE_URL,
// AI_STRUCTURED_OUTPUTS) on the references in fixtures/ai/; without AI_PROVIDER it runs against the fake
// OpenAI-compatible server replaying the documents behind them. `--make-references` re-renders fixtures/ai/.
import { parseAiSettings } from "../../../src/ai/settings.js";
import { createRenderer } from "../../../src/render/renderer.js";
import { startFakeOpenAi } from "../support/fake-openai.js";
import { makeReferences, readSource } from "./references.js";
import { replayScript } from "./replay.js";
import { formatTable, runEval } from "./run.js";

async function main(): Promise<void> {
  if (process.argv.includes("--make-references")) {
    const renderer = createRenderer({ threads: 1 });
    try {
      console.log(`wrote ${(await makeReferences(renderer)).join(", ")}`);
    } finally {
      await renderer.close();
    }
    return;
  }
  const configured = parseAiSettings(process.env);
  if (configured !== undefined) {
    console.log(`Evaluating ${configured.provider} ${configured.model} (structured outputs: ${configured.structuredOutputs})\n`);
    console.log(formatTable(await runEval({ ai: configured, routes: { bandConcurrency: 2 } })));
    return;
  }
  const fake = await startFakeOpenAi();
  try {
    console.log("AI_PROVIDER is unset: evaluating against the fake OpenAI-compatible server replaying each reference's document\n");
    const ai = parseAiSettings({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: fake.baseUrl, AI_MODEL: "replay" });
    if (ai === undefined) throw new Error("unreachable");
    const rows = await runEval({
      ai,
      onReference: async (source) => {
        const { content, data } = await readSource(source);
        fake.script = replayScript(content, data);
      },
    });
    console.log(formatTable(rows));
  } finally {
    await fake.close();
  }
}

await main();
