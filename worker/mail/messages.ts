// What the app's mails say (docs/accounts.md#mail), in plain text.
import { PASSWORD_RESET_TTL_MINUTES } from "../../common/schemas/auth";
import type { Mail } from "./mail";

/** The reset link's mail: the link, how long it works, and what to do if it was not you. */
export const passwordResetMail = (to: string, link: string): Mail => ({
  to,
  subject: "Reset your Third Place password",
  text: [
    "Someone (we hope you) asked to reset the password of your Third Place account.",
    "",
    `Open this link within ${PASSWORD_RESET_TTL_MINUTES} minutes to choose a new password. It works once, and every device signed in to your account is signed out.`,
    "",
    link,
    "",
    "If it was not you, ignore this mail: your password stays as it is.",
  ].join("\n"),
});

/** The notice of a new passkey: which one, and how to undo it if it was not the account's owner. */
export const passkeyAddedMail = (to: string, passkeyName: string, settingsLink: string): Mail => ({
  to,
  subject: "A passkey was added to your Third Place account",
  text: [
    `A passkey called "${passkeyName}" was added to your Third Place account. It can sign in as you.`,
    "",
    `If it was not you, open your settings, choose "Sign out everywhere" and remove the passkey: ${settingsLink}`,
  ].join("\n"),
});

/** The inbox row of a new passkey (docs/accounts.md#fresh-proof). */
export const passkeyAddedNotice = (passkeyName: string) => ({
  kind: "passkey-added",
  title: "A passkey was added to your account",
  body: `"${passkeyName}" can now sign in as you. Not you? Sign out everywhere and remove it in settings.`,
  url: "/app/settings",
  tag: "passkey-added",
});
