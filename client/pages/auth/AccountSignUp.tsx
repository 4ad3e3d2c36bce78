import { AuthPage } from "./SignIn";

/** /signup: anyone creates an account here and lands on /app. */
export default function AccountSignUp() {
  return <AuthPage audience="consumer" initialMode="signup" />;
}
