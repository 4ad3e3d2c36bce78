import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { reportError } from "../lib/monitoring";

/** The spec's default fallback for any unmatched error, with its status and message. */
export function ErrorPage() {
  const error = useRouteError();
  useEffect(() => reportError(error, { source: "error-boundary" }), [error]);
  let status: string | number = "Error";
  let message = "Something went wrong.";
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message = error.statusText || (typeof error.data === "string" ? error.data : message);
  } else if (error instanceof Error) {
    message = error.message;
  }
  return (
    <main className="page narrow error-page" id="main">
      <h1>Unexpected Application Error!</h1>
      <p className="error-status">
        <strong>{status}</strong> {message}
      </p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </main>
  );
}
