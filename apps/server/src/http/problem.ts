// The one error path: every failure becomes application/problem+json (RFC 9457).
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { isDatabaseUnavailable } from "../db/dialect.js";
import { HttpError, type FieldErrors } from "../errors.js";
import { errorFields, type Logger } from "../log.js";

/** The body of every error response. */
export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly errors?: FieldErrors;
  /** The request id (also in `X-Request-Id`), to find the log lines of this request. */
  readonly traceId: string;
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** A problem+json response. */
export function problemResponse(
  c: Context,
  status: number,
  detail: string,
  errors?: FieldErrors,
  headers?: Readonly<Record<string, string>>,
): Response {
  const body: ProblemBody = {
    // about:blank: the status code is the whole meaning; `detail` says what happened in this case.
    type: "about:blank",
    title: TITLES[status] ?? "Error",
    status,
    detail,
    ...(errors !== undefined ? { errors } : {}),
    traceId: c.get("requestId") ?? "",
  };
  const res = new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/problem+json", ...headers },
  });
  return res;
}

/** The app's onError: typed HTTP errors answer as themselves; anything else is a logged, generic 500. */
export function errorHandler(log: Logger) {
  return (err: Error, c: Context): Response => {
    if (err instanceof HttpError) return problemResponse(c, err.status, err.detail, err.errors, err.headers);
    if (err instanceof HTTPException) {
      // Hono's own (malformed JSON and the like): keep its status, never its internals.
      const status = err.status;
      if (status < 500) return problemResponse(c, status, err.message || TITLES[status] || "Request failed.");
    }
    if (isDatabaseUnavailable(err)) {
      log.warn("database unreachable", { requestId: c.get("requestId"), method: c.req.method, path: c.req.path, ...errorFields(err) });
      return problemResponse(c, 503, "The database is unreachable. Try again shortly.", undefined, { "Retry-After": "5" });
    }
    log.error("unhandled error", { requestId: c.get("requestId"), method: c.req.method, path: c.req.path, ...errorFields(err) });
    return problemResponse(c, 500, "An unexpected error occurred.");
  };
}

/** The app's notFound: unknown routes answer 404 problem+json too. */
export function notFoundHandler(c: Context): Response {
  return problemResponse(c, 404, `No route for ${c.req.method} ${c.req.path}.`);
}
