import { AuthPage } from "./SignIn";

/** /signin: everyone's sign-in (docs/accounts.md#one-account-model). */
export default function AccountSignIn() {
  return <AuthPage audience="consumer" initialMode="signin" />;
}
