// The thread that inspects one uploaded base PDF (started per upload by services/base-pdf.ts under
// BASE_PDF_BUDGET; terminated past it). It reads the uploaded file itself, so the PDF's bytes live in this
// thread's budgeted heap, never the main thread's. It posts the inspection.
import { readFile } from "node:fs/promises";
import { parentPort, workerData } from "node:worker_threads";
import { runInBackground } from "../background-thread.js";
import type { IsolatedData } from "../uploads/isolated.js";
import { inspectBasePdf, type InspectCaps } from "./inspect.js";

runInBackground();
const { path, caps } = (workerData as IsolatedData<{ path: string; caps?: InspectCaps }>).input;
parentPort?.postMessage(await inspectBasePdf(new Uint8Array(await readFile(path)), caps));
