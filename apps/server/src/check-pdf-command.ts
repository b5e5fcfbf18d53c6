// `docsvc check-pdf FILE [--standard a-3b,ua-1] [--json]`: the rules of PDF/A and PDF/UA a PDF breaks, one per
// line (or the report as JSON). Exit code 0: none of the checked rules fails; 1: some do; 2: bad arguments or
// a file that cannot be read.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";

export const CHECK_PDF_USAGE = `  docsvc check-pdf <file.pdf> [--standard a-3b,ua-1] [--json]
                                                 list the PDF/A and PDF/UA rules the file breaks (default: the
                                                 standards its XMP metadata declares); exit code 1 when any does
`;

export async function checkPdfCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...args], allowPositionals: true, options: { standard: { type: "string" }, json: { type: "boolean" } } });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) {
    process.stderr.write(`Usage:\n${CHECK_PDF_USAGE}`);
    return 2;
  }
  const { checkPdf, parsePdfStandards, QpdfError, standardLabel } = await import("@docsvc/pdf");
  let standards;
  try {
    standards = values.standard === undefined ? undefined : parsePdfStandards(values.standard);
  } catch (error) {
    process.stderr.write(`--standard: ${(error as Error).message}\n`);
    return 2;
  }
  let report;
  try {
    report = await checkPdf(new Uint8Array(await readFile(file)), standards !== undefined ? { standards } : {});
  } catch (error) {
    if (error instanceof QpdfError) {
      process.stderr.write(`${file}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (values.json === true) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    if (report.standards.length === 0) process.stdout.write(`${file}: declares no PDF/A or PDF/UA standard (give --standard to check one)\n`);
    for (const f of report.findings) process.stdout.write(`${standardLabel(f.standard)} ${f.rule}: ${f.message}${f.objects ? ` [${f.objects.join(", ")}]` : ""}\n`);
    if (report.standards.length > 0 && report.findings.length === 0) {
      process.stdout.write(`${file}: no rule of ${report.standards.map(standardLabel).join(" + ")} checked here fails\n`);
    }
  }
  return report.findings.length === 0 ? 0 : 1;
}
