// `node scripts/bench-tagged.mjs [seconds]`: renders per second of invoice-20 (report and HTML), tagged (the
// default) against `tagged: false`, in alternating rounds so a busy machine weighs on both alike.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { root } from "./bench-lib.mjs";

const { renderDocument } = await import(join(root, "packages/pdf/dist/src/index.js"));
const { compileHtml } = await import(join(root, "packages/layout/dist/src/index.js"));
const fixture = (name) => readFile(join(root, "fixtures", name), "utf8");
const data = JSON.parse(await fixture("invoice-20.data.json"));
const cases = { "invoice-20": await fixture("invoice.template.json"), "html-invoice-20": compileHtml(await fixture("invoice.html")) };
const seconds = Number(process.argv[2] ?? 3);
const NOW = new Date("2026-11-21T12:00:00Z");

async function rate(template, tagged) {
  const end = performance.now() + seconds * 1000;
  let count = 0;
  while (performance.now() < end) {
    await renderDocument(template, data, { now: NOW, ...(tagged ? {} : { tagged: false }) });
    count++;
  }
  return count / seconds;
}

for (const [name, template] of Object.entries(cases)) {
  for (let i = 0; i < 20; i++) await renderDocument(template, data, { now: NOW }); // warm-up
  const tagged = [];
  const untagged = [];
  for (let round = 0; round < 3; round++) {
    untagged.push(await rate(template, false));
    tagged.push(await rate(template, true));
  }
  const best = (list) => Math.max(...list);
  const cost = 1 - best(tagged) / best(untagged);
  console.log(`${name}: tagged ${best(tagged).toFixed(1)}/s, untagged ${best(untagged).toFixed(1)}/s (best of 3 × ${seconds} s): tagging costs ${(cost * 100).toFixed(1)} %`);
}
