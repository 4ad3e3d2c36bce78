// The mails the worker sends in tests (docs/accounts.md#mail): with MAIL_OUTBOX_URL set
// (vitest.config.ts) the worker posts each as an .eml to the local outbox's path, and
// catchOutbox() (a setup file, vitest.config.ts) answers those posts here, in the test's isolate
// where the worker runs, keeping them in `outbox`; every other fetch goes out as before.
import { beforeEach } from "vitest";

export interface SentMail {
  to: string;
  subject: string;
  eml: string;
}

const outbox: SentMail[] = [];

/** Installs the catcher once per isolate. */
export function catchOutbox() {
  const passOn = globalThis.fetch;
  if ((passOn as { catchesMail?: boolean }).catchesMail) return;
  const catching = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname !== "/__local/outbox") return passOn(input, init);
    const eml = new TextDecoder().decode(await request.arrayBuffer());
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(eml)?.[1]?.trim() ?? "";
    outbox.push({ to: header("To"), subject: header("Subject"), eml });
    return new Response("caught.eml", { status: 201 });
  };
  globalThis.fetch = Object.assign(catching, { catchesMail: true }) as typeof fetch;
}

/** The mails sent during each test of the calling file: the list empties before each test. */
export function sentMail(): SentMail[] {
  beforeEach(() => {
    outbox.length = 0;
  });
  return outbox;
}
