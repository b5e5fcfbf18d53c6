// Typed HTTP errors: services and middleware throw these; the one onError turns them into problem+json.

/** Field path → messages, as carried in a 400's `errors`. */
export type FieldErrors = Record<string, string[]>;

/** An error that maps to one HTTP status and a problem+json body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors?: FieldErrors,
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

/** 400: the request is malformed or a field is invalid. */
export class ValidationError extends HttpError {
  constructor(detail: string, errors?: FieldErrors) {
    super(400, detail, errors);
  }

  /** A 400 about one field, with that field's message as the detail. */
  static field(path: string, message: string): ValidationError {
    return new ValidationError(message, { [path]: [message] });
  }
}

/** 401: no credential, or one that is not (or no longer) valid. */
export class UnauthorizedError extends HttpError {
  constructor(detail = "Authentication is required.") {
    super(401, detail, undefined, { "WWW-Authenticate": 'Bearer realm="docsvc"' });
  }
}

/** 402: a plan quota is used up. */
export class QuotaExceededError extends HttpError {
  constructor(detail: string) {
    super(402, detail);
  }
}

/** 403: authenticated, allowed to see, not allowed to do. */
export class ForbiddenError extends HttpError {
  constructor(detail = "Your role does not allow this action.") {
    super(403, detail);
  }
}

/** 404: missing, or in another workspace (never 403 across workspaces). */
export class NotFoundError extends HttpError {
  constructor(what = "Resource") {
    super(404, `${what} not found.`);
  }
}

/** 409: a stale `expectedUpdatedAt`. */
export class ConflictError extends HttpError {
  constructor(detail: string) {
    super(409, detail);
  }
}

/** 413: a body over its size limit. */
export class PayloadTooLargeError extends HttpError {
  constructor(limitBytes: number) {
    super(413, `The request body is larger than the limit of ${limitBytes} bytes.`);
  }
}

/** 422: the request is well-formed but cannot be carried out within its budget (a render too long or too large). */
export class UnprocessableError extends HttpError {
  constructor(detail: string) {
    super(422, detail);
  }
}

/** 429: rate limited; `retryAfterSeconds` goes into `Retry-After`. */
export class TooManyRequestsError extends HttpError {
  constructor(detail: string, retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, detail, undefined, { "Retry-After": String(seconds) });
  }
}

/** 503: a dependency (the database) is unreachable, or the server is too busy (then with `Retry-After`). */
export class ServiceUnavailableError extends HttpError {
  constructor(detail: string, retryAfterSeconds?: number) {
    super(503, detail, undefined, retryAfterSeconds === undefined ? undefined : { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
