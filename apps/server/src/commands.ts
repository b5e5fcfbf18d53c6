// The `docsvc` command's work: serve, worker, validate, render, import-html, admin (started by cli.ts).
import { readFile, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { compileHtml, EinvoiceError, flattenErrors, importHtml, parseDocument, parseEinvoiceSpec, parseStamps, validateTheme, type Diagnostic } from "@docsvc/layout";
import { ConfigError } from "./config-error.js";
import { inlineEditorMode } from "./services/content.js";
// Each command loads only what it runs: `render` and `validate` never import the server (HTTP, database,
// AI SDKs, S3, Redis), and `serve` pays for it once it starts. ADMIN_USAGE is a string of its own for the same reason.
import { ADMIN_USAGE } from "./admin-usage.js";
import { CHECK_PDF_USAGE, checkPdfCommand } from "./check-pdf-command.js";

const USAGE = `Usage:
  docsvc serve [--no-worker]                     start the HTTP service (configured by environment variables);
                                                 --no-worker leaves batch jobs to \`docsvc worker\` processes
  docsvc worker                                  run batch jobs only (needs the shared DATABASE_URL; with
                                                 REDIS_URL it takes them from the BullMQ queue)
  docsvc validate <template.json>                check a template document; prints one problem per line
  docsvc render <template.json|page.html> <data.json> [-o out.pdf] [--theme JSON] [--now ISO] [--forms] [--flatten]
                [--protect JSON|@file] [--stamps JSON|@file] [--pdf-standard a-3b,ua-1] [--einvoice FORMAT[:PROFILE]]
                                                 render a PDF (-o - writes to stdout); --forms: HTML inputs become
                                                 form fields; --flatten: fields drawn as content; --protect encrypts it
                                                 ({"ownerPassword": …}; @file reads it from a file, off the process list);
                                                 --stamps: a stamps list as the report model's (also for HTML);
                                                 --einvoice factur-x|zugferd|xrechnung[:minimum|basic-wl|basic|en16931|
                                                 extended] embeds the EN 16931 invoice built through the template's
                                                 einvoice.mapping (a broken rule: exit 1 naming it)
                                                 --pdf-standard: PDF/A level and/or ua-1 (exit code 3 when the
                                                 document cannot conform, naming the rule)
                                                 --untagged: no structure tree or outline (docs/accessibility.md)
${CHECK_PDF_USAGE}  docsvc import-html <page.html> [-o template.json] [--css file.css] [--data data.json]
                                                 convert HTML into a report template document (-o - writes to stdout);
                                                 --data: sample data that sizes the table columns as the HTML
                                                 rendered with it does
${ADMIN_USAGE}`;

async function serve(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({ args: [...args], options: { "no-worker": { type: "boolean" } } });
  const [{ loadConfig }, { startServer }] = await Promise.all([import("./config.js"), import("./main.js")]);
  const config = await loadConfig();
  return untilSignal(await startServer(config, { worker: values["no-worker"] !== true }));
}

async function worker(args: readonly string[]): Promise<number> {
  if (args.length > 0) return usage();
  const [{ loadConfig }, { startWorker }] = await Promise.all([import("./config.js"), import("./worker.js")]);
  return untilSignal(await startWorker(await loadConfig()));
}

// Runs until SIGTERM or SIGINT, then closes gracefully.
async function untilSignal(running: { close(): Promise<void> }): Promise<number> {
  const { SHUTDOWN_MS } = await import("./main.js");
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      // A second signal, or a shutdown that overruns, ends the process regardless.
      setTimeout(() => process.exit(1), SHUTDOWN_MS).unref();
      void running.close().then(resolve);
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  });
  return 0;
}

async function validate(args: readonly string[]): Promise<number> {
  const [file] = args;
  if (file === undefined || args.length > 1) return usage();
  const result = parseDocument(await readFile(file, "utf8"));
  if (result.ok) {
    process.stdout.write("valid\n");
    return 0;
  }
  for (const line of flattenErrors(result.errors)) process.stdout.write(`${line}\n`);
  return 1;
}

async function render(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { output: { type: "string", short: "o" }, theme: { type: "string" }, now: { type: "string" }, forms: { type: "boolean" }, flatten: { type: "boolean" }, untagged: { type: "boolean" }, protect: { type: "string" }, stamps: { type: "string" }, einvoice: { type: "string" }, "pdf-standard": { type: "string" } },
  });
  const [templateFile, dataFile] = positionals;
  if (templateFile === undefined || dataFile === undefined || positionals.length > 2) return usage();

  const content = await readFile(templateFile, "utf8");
  const data: unknown = JSON.parse(await readFile(dataFile, "utf8"));
  // An .html file, or content whose first non-blank character is not `{`, is an HTML template.
  const html = /\.html?$/i.test(templateFile) || inlineEditorMode(content) === "html";
  const parsed = html ? { ok: true as const, document: compileHtml(content) } : parseDocument(content);
  if (!parsed.ok) {
    for (const line of flattenErrors(parsed.errors)) process.stderr.write(`${line}\n`);
    return 1;
  }
  const theme = values.theme === undefined ? undefined : validateTheme(JSON.parse(values.theme) as unknown);
  if (theme !== undefined && !theme.ok) {
    process.stderr.write(`${theme.message}\n`);
    return 1;
  }
  const now = values.now === undefined ? undefined : new Date(values.now);
  if (now !== undefined && Number.isNaN(now.getTime())) {
    process.stderr.write(`--now must be an ISO 8601 timestamp, got '${values.now}'.\n`);
    return 1;
  }
  // The template file's name without its extensions: the PDF's title and its default file name.
  const stem = basename(templateFile).replace(/(\.template)?\.(json|html?)$/i, "");
  // Loaded on demand: `serve` and `validate` need no PDF backend.
  const { renderPdf, protectProblem, parsePdfStandards, standardsWithProtectProblem, StandardsError } = await import("@docsvc/pdf");
  const protect: unknown = values.protect === undefined ? undefined : JSON.parse(values.protect.startsWith("@") ? await readFile(values.protect.slice(1), "utf8") : values.protect);
  const problem = protect === undefined ? undefined : protectProblem(protect);
  if (problem !== undefined) {
    process.stderr.write(`${problem}\n`);
    return 1;
  }
  let pdfStandards: import("@docsvc/pdf").PdfStandard[] | undefined;
  try {
    pdfStandards = values["pdf-standard"] === undefined ? undefined : parsePdfStandards(values["pdf-standard"]);
  } catch (error) {
    process.stderr.write(`--pdf-standard: ${(error as Error).message}\n`);
    return 1;
  }
  const standardsProblem = standardsWithProtectProblem(pdfStandards, protect);
  if (standardsProblem !== undefined) {
    process.stderr.write(`${standardsProblem}\n`);
    return 1;
  }
  const stamps = values.stamps === undefined ? undefined : parseStamps(JSON.parse(values.stamps.startsWith("@") ? await readFile(values.stamps.slice(1), "utf8") : values.stamps) as unknown);
  if (stamps !== undefined && !stamps.ok) {
    for (const line of flattenErrors(stamps.errors)) process.stderr.write(`${line}\n`);
    return 1;
  }
  const einvoice = values.einvoice === undefined ? undefined : parseEinvoiceSpec(values.einvoice);
  if (values.einvoice !== undefined && einvoice === undefined) {
    process.stderr.write(`--einvoice must be factur-x, zugferd or xrechnung, optionally with :minimum, :basic-wl, :basic, :en16931 or :extended; got '${values.einvoice}'.\n`);
    return 1;
  }
  const rendering = renderPdf(parsed.document, data, {
    ...(einvoice !== undefined ? { einvoice } : {}),
    ...(pdfStandards !== undefined ? { pdfStandards } : {}),
    ...(stamps !== undefined ? { stamps: stamps.stamps } : {}),
    ...(protect !== undefined ? { protect: protect as import("@docsvc/pdf").ProtectOptions } : {}),
    ...(theme !== undefined ? { theme: theme.theme } : {}),
    ...(now !== undefined ? { now } : {}),
    ...(values.forms === true ? { forms: true } : {}),
    ...(values.flatten === true ? { flatten: true } : {}),
    ...(values.untagged === true ? { tagged: false } : {}),
    title: stem,
    diagnostics: (d: Diagnostic) => process.stderr.write(`${d.path}: ${d.message} [${d.code}]\n`),
  });
  let pdf: Uint8Array;
  try {
    pdf = await rendering;
  } catch (error) {
    // Data that cannot make the e-invoice: the rule it breaks, not a stack trace; exit code 1.
    if (error instanceof EinvoiceError) {
      process.stderr.write(`e-invoice: ${error.message}\n`);
      return 1;
    }
    // The document cannot conform to a requested standard: the rule is the message; exit code 3.
    if (error instanceof StandardsError) {
      process.stderr.write(`${error.message}\n`);
      return 3;
    }
    throw error;
  }
  const output = values.output ?? `${stem}.pdf`;
  if (output === "-") process.stdout.write(pdf);
  else {
    await writeFile(output, pdf);
    process.stderr.write(`wrote ${output} (${pdf.byteLength} bytes)\n`);
  }
  return 0;
}

async function importHtmlCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { output: { type: "string", short: "o" }, css: { type: "string" }, data: { type: "string" } },
  });
  const [htmlFile] = positionals;
  if (htmlFile === undefined || positionals.length > 1) return usage();
  const html = await readFile(htmlFile, "utf8");
  const css = values.css === undefined ? undefined : await readFile(values.css, "utf8");
  const sampleData: unknown = values.data === undefined ? undefined : JSON.parse(await readFile(values.data, "utf8"));
  if (sampleData !== undefined && (typeof sampleData !== "object" || sampleData === null || Array.isArray(sampleData))) {
    process.stderr.write(`--data must name a file holding a JSON object.\n`);
    return 1;
  }
  // Loaded on demand, like render: the designer fonts measure the text the bands are laid out from.
  const { loadDesignerFonts } = await import("@docsvc/pdf");
  const result = importHtml(html, { fonts: await loadDesignerFonts(), ...(css !== undefined ? { css } : {}), ...(sampleData !== undefined ? { sampleData } : {}) });
  for (const d of result.diagnostics) process.stderr.write(`${d.path}: ${d.message} [${d.code}]\n`);
  const json = `${JSON.stringify(result.document, null, 2)}\n`;
  const output = values.output ?? `${basename(htmlFile).replace(/\.html?$/i, "")}.template.json`;
  if (output === "-") process.stdout.write(json);
  else {
    await writeFile(output, json);
    process.stderr.write(`wrote ${output} (${result.document.bands.length} bands)\n`);
  }
  return 0;
}

function usage(): number {
  process.stderr.write(USAGE);
  return 2;
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "serve":
      return serve(rest);
    case "worker":
      return worker(rest);
    case "validate":
      return validate(rest);
    case "render":
      return render(rest);
    case "admin": {
      const [{ loadConfig }, { admin }] = await Promise.all([import("./config.js"), import("./admin-cli.js")]);
      const result = await admin(await loadConfig(), rest);
      process.stdout.write(result.out);
      process.stderr.write(result.err);
      return result.code;
    }
    case "import-html":
      return importHtmlCommand(rest);
    case "check-pdf":
      return checkPdfCommand(rest);
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE);
      return 0;
    default:
      return usage();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof ConfigError ? "configuration: " : ""}${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
