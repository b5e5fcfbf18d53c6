// The evaluation harness (`pnpm eval:ai`) run against the fake OpenAI-compatible server replaying the
// documents behind fixtures/ai/: every reference yields a draft that renders and scores near its source.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseAiSettings } from "../../src/ai/settings.js";
import { readSource } from "./eval/references.js";
import { replayScript } from "./eval/replay.js";
import { formatTable, runEval } from "./eval/run.js";
import { startFakeOpenAi } from "./support/fake-openai.js";

test("pnpm eval:ai against the fake server: every reference (PNG and PDF) is generated, rendered and scored", async () => {
  const fake = await startFakeOpenAi();
  try {
    const ai = parseAiSettings({ AI_PROVIDER: "openai-compatible", AI_BASE_URL: fake.baseUrl, AI_MODEL: "replay" });
    assert.ok(ai);
    const rows = await runEval({
      ai,
      onReference: async (source) => {
        const { content, data } = await readSource(source);
        fake.script = replayScript(content, data);
      },
    });
    assert.deepEqual(rows.map((r) => r.reference), ["invoice.png", "invoice.pdf", "receipt.png", "receipt.pdf", "letter.png", "letter.pdf"]);
    for (const r of rows) {
      assert.ok(r.ok, `${r.reference}: ${r.note}`);
      assert.equal(r.failedBands, 0);
      assert.ok(r.textRecall >= 0.95, `${r.reference} text recall ${r.textRecall}`);
      assert.ok(r.similarity >= 0.9, `${r.reference} similarity ${r.similarity}`);
    }
    // The model was shown each reference as a picture.
    assert.ok(fake.calls.filter((c) => c.pass === "skeleton").every((c) => c.images.length === 1));
    assert.match(formatTable(rows), /\| \*\*mean\*\* \| 6\/6 \|/);
  } finally {
    await fake.close();
  }
});
