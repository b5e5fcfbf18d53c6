// ApiError: every failed call, carrying the problem+json body so the UI can show `detail` and field `errors`.
import type { ProblemDetails } from "./types";

/** A failed API call (or a network failure, status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: ProblemDetails;

  constructor(problem: ProblemDetails) {
    super(problem.detail);
    this.name = "ApiError";
    this.status = problem.status;
    this.problem = problem;
  }

  /** The messages for one request field (`email`, `bands[0].height`), empty when there are none. */
  fieldErrors(field: string): readonly string[] {
    return this.problem.errors?.[field] ?? [];
  }
}

function isProblem(value: unknown): value is ProblemDetails {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v["status"] === "number" && typeof v["detail"] === "string";
}

/** Turns a non-2xx response into an ApiError, whether or not its body is problem+json. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (isProblem(body)) return new ApiError(body);
  // A proxy's HTML error page or an empty body: say what the status means rather than show markup.
  return new ApiError({
    type: "about:blank",
    title: res.statusText || "Error",
    status: res.status,
    detail: `The server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ""}.`,
  });
}

/** The ApiError for a request that never got an answer. */
export function networkError(cause: unknown): ApiError {
  const reason = cause instanceof Error && cause.message ? ` (${cause.message})` : "";
  return new ApiError({
    type: "about:blank",
    title: "Network error",
    status: 0,
    detail: `The server could not be reached${reason}. Check your connection and try again.`,
  });
}

/** A readable one-line message for any thrown value. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
