import type { ContentfulStatusCode } from "hono/utils/http-status";

export interface FieldProblem {
  field: string;
  message: string;
}

/** An error the client caused or may see: becomes `{ error, details? }` with its status. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly details?: FieldProblem[];
  readonly headers?: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { details?: FieldProblem[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.details = options.details;
    this.headers = options.headers;
  }
}

export const badRequest = (message: string, details?: FieldProblem[]) => new ApiError(400, message, { details });
export const unauthorized = (message = "Sign in to continue.") => new ApiError(401, message);
export const forbidden = (message = "You do not have access to this resource.") => new ApiError(403, message);
export const notFound = (message = "Not found.") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/**
 * The log line of an unexpected failure: the request id its answer carries, the route (the path
 * only: a query string may hold a token) and the error with its stack.
 */
export function unexpectedErrorLog(requestId: string, method: string, path: string, error: unknown) {
  return {
    level: "error",
    message: `${method} ${path} failed`,
    request_id: requestId,
    method,
    path,
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  };
}
