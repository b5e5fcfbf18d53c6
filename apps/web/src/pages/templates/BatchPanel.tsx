// Batch: upload a CSV/XLSX or paste JSON rows, see which tokens the file lacks, choose ZIP or merged and a
// file-name pattern, follow the job's progress, read the failures, download; recent jobs below.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { batch } from "../../api/endpoints";
import type { BatchJob } from "../../api/types";
import { formatTime } from "../../ui/format";
import { Problem } from "../../ui/Problem";
import { Empty } from "../../ui/states";
import { csvCells, firstLine, missingColumns } from "./batch-columns";

function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function fileNameFrom(res: Response, fallback: string): string {
  return res.headers.get("Content-Disposition")?.match(/filename="([^"]+)"/)?.[1] ?? fallback;
}

function JobRow({ templateId, job }: { readonly templateId: string; readonly job: BatchJob }) {
  const download = useMutation({
    mutationFn: async () => {
      const { blob, response } = await batch.result(templateId, job.jobId);
      downloadBlob(blob, fileNameFrom(response, `batch.${job.output === "zip" ? "zip" : "pdf"}`));
    },
  });
  const done = job.completed + job.failed;
  return (
    <li>
      <div className="row">
        <progress max={job.total} value={done} aria-label={`Batch of ${job.total} rows`} />
        <span>{job.status}: {done}/{job.total} rows{job.failed > 0 ? `, ${job.failed} failed` : ""} · {job.output} · {formatTime(job.createdAt)}</span>
        {job.status === "completed" && <button className="small" onClick={() => download.mutate()} disabled={download.isPending}>Download {job.output === "zip" ? "ZIP" : "PDF"}</button>}
      </div>
      {job.error && <p className="field-error">{job.error}</p>}
      <Problem error={download.error} />
    </li>
  );
}

/** The batch tab. */
export function BatchPanel({ templateId }: { readonly templateId: string }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState("");
  const [output, setOutput] = useState<"zip" | "merged">("zip");
  const [pattern, setPattern] = useState("");
  // null: nothing to say yet; "unreadable": the chosen file's header row could not be read.
  const [missing, setMissing] = useState<string[] | "unreadable" | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const columns = useQuery({
    queryKey: ["batch-columns", templateId],
    queryFn: async () => csvCells(firstLine(await (await batch.columnsCsv(templateId)).blob.text())),
  });
  const jobs = useQuery({
    queryKey: ["batch-jobs", templateId],
    queryFn: () => batch.jobs(templateId),
    // Poll while a job runs; stop when all are settled.
    refetchInterval: (q) => (q.state.data?.some((j) => j.status === "pending" || j.status === "processing") ? 1000 : false),
  });
  const submit = useMutation({
    mutationFn: async () => {
      if (file) {
        const form = new FormData();
        form.set("file", file);
        form.set("output", output);
        if (pattern.trim()) form.set("fileNamePattern", pattern.trim());
        return batch.upload(templateId, form);
      }
      const rows = JSON.parse(pasted) as unknown[];
      return batch.submitRows(templateId, { rows, output, fileNamePattern: pattern.trim() || null });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["batch-jobs", templateId] }),
  });
  const chosen = useRef<File | null>(null);
  const chooseFile = async (f: File | null) => {
    chosen.current = f;
    setFile(f);
    setMissing(null);
    if (!f || !columns.data) return;
    const name = f.name.toLowerCase();
    let header: string[] | null = null;
    if (name.endsWith(".csv")) header = csvCells(firstLine(await f.slice(0, 64 * 1024).text()));
    // The zip reader loads only when an .xlsx is chosen, so the first page load stays small; a chunk that
    // fails to load (a redeploy since the page opened) is the same as an unreadable header.
    else if (name.endsWith(".xlsx")) header = await import("./xlsx-header").then((m) => m.readXlsxHeader(f), () => null);
    else return;
    // Another file may have been chosen while this one was read.
    if (chosen.current !== f) return;
    setMissing(header === null ? "unreadable" : missingColumns(columns.data, header));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!file) {
      try {
        const rows: unknown = JSON.parse(pasted);
        if (!Array.isArray(rows) || rows.length === 0) return setFormError("Paste a JSON array of row objects, or choose a file.");
      } catch {
        return setFormError("Choose a CSV or XLSX file, or paste rows as a JSON array.");
      }
    }
    submit.mutate();
  };
  return (
    <div className="panel-body">
      <form onSubmit={onSubmit} className="batch-form">
        <div className="field">
          <label htmlFor="batch-file">Spreadsheet (.csv or .xlsx; the header row names the tokens)</label>
          <input id="batch-file" type="file" accept=".csv,.xlsx" onChange={(e) => void chooseFile(e.target.files?.[0] ?? null)} />
          <p className="hint">
            <button type="button" className="link" onClick={() => void batch.columnsCsv(templateId).then(({ blob, response }) => downloadBlob(blob, fileNameFrom(response, "rows.csv")))}>
              Download a CSV with the template's columns
            </button>
            {columns.data && columns.data.length > 0 && <> ({columns.data.join(", ")})</>}
          </p>
          {missing === "unreadable" && <p role="status" className="warn">Cannot read the header row of this file, so its missing columns are not shown (the server still reads it on upload).</p>}
          {Array.isArray(missing) && (missing.length === 0
            ? <p role="status" className="ok">Every token of the template has a column.</p>
            : <p role="status" className="warn">Missing columns (these tokens print empty): {missing.join(", ")}</p>)}
        </div>
        {!file && (
          <div className="field">
            <label htmlFor="batch-rows">…or paste rows as JSON</label>
            <textarea id="batch-rows" rows={3} value={pasted} onChange={(e) => setPasted(e.target.value)} placeholder='[{"name": "Ada"}, {"name": "Grace"}]' />
          </div>
        )}
        <fieldset className="row">
          <legend>Output</legend>
          <label><input type="radio" name="output" checked={output === "zip"} onChange={() => setOutput("zip")} /> ZIP of PDFs</label>
          <label><input type="radio" name="output" checked={output === "merged"} onChange={() => setOutput("merged")} /> One merged PDF</label>
        </fieldset>
        {output === "zip" && (
          <div className="field">
            <label htmlFor="batch-pattern">File name pattern</label>
            <input id="batch-pattern" value={pattern} onChange={(e) => setPattern(e.target.value)} placeholder="invoice-{{number}}" />
          </div>
        )}
        {formError && <p className="field-error" role="alert">{formError}</p>}
        <Problem error={submit.error} />
        <button type="submit" className="primary" disabled={submit.isPending}>Start batch</button>
      </form>
      <h3>Recent jobs</h3>
      <Problem error={jobs.error} />
      {jobs.data?.length === 0 && <Empty>No batch jobs yet.</Empty>}
      <ul className="jobs">{jobs.data?.map((j) => <JobRow key={j.jobId} templateId={templateId} job={j} />)}</ul>
    </div>
  );
}
