// The thread that inspects one uploaded base PDF (started per upload by services/base-pdf.ts under
// BASE_PDF_BUDGET; terminated past it). It posts the inspection.
import { parentPort, workerData } from "node:worker_threads";
import { runInBackground } from "../background-thread.js";
import type { IsolatedData } from "../uploads/isolated.js";
import { inspectBasePdf, type InspectCaps } from "./inspect.js";

runInBackground();
const { bytes, caps } = (workerData as IsolatedData<{ bytes: Uint8Array; caps?: InspectCaps }>).input;
parentPort?.postMessage(await inspectBasePdf(bytes, caps));
