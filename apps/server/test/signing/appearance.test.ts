// The visible signature's appearance, rasterised with pdf.js (as the designer's base-PDF rasters are) and compared
// with a committed golden through @docsvc/pdf's golden harness (its tolerance rules; UPDATE_GOLDEN=1 rewrites).
import assert from "node:assert/strict";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { before, describe, it } from "node:test";
import { parseDocument } from "@docsvc/layout";
import { renderPdf } from "@docsvc/pdf";
import { rasterisePdf } from "../../src/base-pdf/inspect.js";
import { signPdf } from "../../src/signing/pades.js";
import { REPO_ROOT, SMALL_TEMPLATE } from "../helpers/fixtures.js";
import { createTestPki, type TestPki } from "./support/pki.js";

// The harness lives in the pdf package's tests (compiled beside them); loaded by path, outside this project's rootDir.
type CompareWithGolden = (name: string, pngs: readonly Uint8Array[], options?: { readonly dir?: string }) => Promise<void>;
const { compareWithGolden } = (await import(pathToFileURL(join(REPO_ROOT, "packages/pdf/dist/test/support/golden.js")).href)) as { compareWithGolden: CompareWithGolden };
const GOLDEN_DIR = join(REPO_ROOT, "apps/server/test/signing/golden");

let pki: TestPki;
let pdf: Uint8Array;
before(async () => {
  pki = createTestPki("Ada Lovelace");
  const parsed = parseDocument(SMALL_TEMPLATE);
  assert.ok(parsed.ok);
  pdf = await renderPdf(parsed.document, { name: "Ada" }, {});
});

async function signedPage(visible: { page: number; x: number; y: number; width: number; height: number }, reason?: string): Promise<Uint8Array> {
  const signed = await signPdf({
    pdf,
    key: new Uint8Array(pki.signer.key.export({ format: "der", type: "pkcs8" })),
    chain: [pki.signer.certificate, pki.ca.certificate],
    options: { reason, location: "London", visible },
    now: "2026-11-29T06:00:00.000Z",
  });
  const [page] = await rasterisePdf(signed, 1);
  assert.ok(page);
  return page.png;
}

describe("visible signature appearance", () => {
  it("a box at the top right: framed, signer, date, reason and location at 10 pt (golden)", async () => {
    await compareWithGolden("visible-signature", [await signedPage({ page: 1, x: 330, y: 24, width: 220, height: 60 }, "Approved by finance")], { dir: GOLDEN_DIR });
  });

  it("a small box: rather than shrink below 6 pt, the last lines are left out and the signer's name stays (golden)", async () => {
    await compareWithGolden("visible-signature-small", [await signedPage({ page: 1, x: 40, y: 120, width: 110, height: 22 }, "A long reason that would not fit")], { dir: GOLDEN_DIR });
  });
});
