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
