// What settings say about proving it's you, signing out everywhere and the password
// (docs/accounts.md#fresh-proof, #signing-out-everywhere).
export const SECURITY = {
  confirmHeading: "Confirm it's you",
  confirmIntro: "Adding or removing a passkey and changing your password need your password or one of your passkeys first.",
  confirmPasswordLabel: "Your password",
  confirmWithPassword: "Confirm",
  confirmWithPasskey: "Use a passkey",
  confirming: "Checking...",
  cancel: "Cancel",
  heading: "Signing in",
  signOutEverywhereIntro: "Signed in somewhere you no longer use, or lost a phone? End every sign-in of your account, this one too.",
  signOutEverywhere: "Sign out everywhere",
  signOutEverywhereConfirm: "Sign out on every device?",
  signOutEverywhereYes: "Yes, sign out everywhere",
  newPasswordLabel: "New password",
  newPasswordHint: "At least 8 characters. Your other devices are signed out.",
  setPassword: "Set password",
  changePassword: "Change password",
  passwordSaved: "Your password is saved. Other devices were signed out.",
} as const;

/** How long the page trusts a proof it gave: a little under the server's 5 minutes. */
export const PROOF_TRUSTED_MS = 4.5 * 60_000;
