// What "Forgot password?" and the reset link's page say (docs/accounts.md#password-reset).
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RESET_TTL_MINUTES } from "../../../common/schemas/auth";

export const RESET = {
  forgotLink: "Forgot password?",
  forgotTitle: "Forgot your password?",
  forgotIntro: "Enter the email of your account. We'll send a link to choose a new password.",
  emailLabel: "Email",
  send: "Send the link",
  sending: "Sending...",
  sent: `If an account uses that address, a link is on its way. It works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
  resetTitle: "Choose a new password",
  resetIntro: "Every device signed in to your account will be signed out.",
  passwordLabel: "New password",
  passwordHint: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
  save: "Save the new password",
  saving: "Saving...",
  done: "Your new password is saved. Sign in with it.",
  signIn: "Sign in",
  askAgain: "Ask for a new link",
  noToken: "This page needs the link from the mail. Ask for a new one.",
} as const;
