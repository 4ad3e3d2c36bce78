// The app's mail (docs/accounts.md#mail): one interface, Mailer, with two senders. In production
// Cloudflare Email Service's send_email binding (MAIL); locally, when MAIL_OUTBOX_URL is set
// (.dev.vars, never in production), each mail as an .eml file in the local outbox, which the
// preview server writes (scripts/local-outbox.ts): workerd cannot write files itself.
import { randomToken } from "../lib/crypto";

export interface Mail {
  to: string;
  subject: string;
  /** Plain text: links stay visible and nothing in it runs. */
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A header value as RFC 2047 wants it: ASCII as is, anything else as one UTF-8 encoded word. */
function headerText(value: string): string {
  const clean = value.replace(/[\r\n]+/g, " ");
  if (/^[\x20-\x7e]*$/.test(clean)) return clean;
  const bytes = new TextEncoder().encode(clean);
  return `=?utf-8?B?${btoa(String.fromCharCode(...bytes))}?=`;
}

/** The address inside "Name <address>", or the whole value. */
export const addressOf = (mailbox: string) => /<([^>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox.trim();

/** The mail as an RFC 5322 message (an .eml file): plain text, UTF-8, CRLF line ends. */
export function toEml(mail: Mail, from: string, now: Date, messageId: string): string {
  const headers = [
    `From: ${headerText(from)}`,
    `To: ${headerText(mail.to)}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${now.toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <${messageId}@${addressOf(from).split("@")[1] ?? "localhost"}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
  ];
  return `${headers.join("\r\n")}\r\n\r\n${mail.text.replace(/\r?\n/g, "\r\n")}\r\n`;
}

/** Mail through Cloudflare Email Service (docs/accounts.md#mail). */
const emailServiceMailer = (binding: SendEmail, from: string): Mailer => ({
  async send(mail) {
    await binding.send({ from, to: mail.to, subject: mail.subject, text: mail.text });
  },
});

/**
 * Mail posted as an .eml to the local outbox: `url` resolved against the request's origin, the
 * preview server that serves this worker locally. Local hosts are reached at 127.0.0.1, where
 * that server listens.
 */
const outboxMailer = (url: string, origin: string, from: string): Mailer => ({
  async send(mail) {
    const target = new URL(url, origin);
    if (target.hostname === "localhost") target.hostname = "127.0.0.1";
    const response = await fetch(target, {
      method: "POST",
      headers: { "content-type": "message/rfc822" },
      body: toEml(mail, from, new Date(), randomToken(16)),
    });
    if (!response.ok) throw new Error(`The local outbox answered ${response.status}.`);
  },
});

/** The mailer for this environment; `requestUrl` places the local outbox. */
export function mailerOf(env: Pick<Env, "MAIL" | "MAIL_FROM" | "MAIL_OUTBOX_URL">, requestUrl: string): Mailer {
  if (env.MAIL_OUTBOX_URL) return outboxMailer(env.MAIL_OUTBOX_URL, new URL(requestUrl).origin, env.MAIL_FROM);
  return emailServiceMailer(env.MAIL, env.MAIL_FROM);
}

/**
 * Sends after the answer (ctx.waitUntil), so an answer takes as long whether or not a mail goes
 * (a reset for an unknown address must not be told apart by its time). A failure is logged
 * without the address.
 */
export function sendLater(ctx: Pick<ExecutionContext, "waitUntil">, mailer: Mailer, mail: Mail) {
  ctx.waitUntil(
    mailer.send(mail).catch((error: unknown) => console.error(JSON.stringify({ message: "A mail could not be sent.", subject: mail.subject, error: String(error) }))),
  );
}
