// Packages only some deployments use (pg, the S3 client, nodemailer's SMTP transport, pdf-lib, the AI SDKs' helpers)
// are required where first used instead of imported with the module, so `docsvc serve` starts without loading
// them: start-up time and memory go to what this configuration runs. CommonJS builds, so nothing asynchronous.
import { createRequire } from "node:module";

/** `require` resolved from the server package. */
export const requireFromServer = createRequire(import.meta.url);
