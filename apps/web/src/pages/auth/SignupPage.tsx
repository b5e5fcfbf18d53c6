// Sign up: the account and its first workspace; a verification email is sent by the server.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { auth } from "../../api/endpoints";
import { ApiError } from "../../api/errors";
import { useSession } from "../../auth/session";
import { Field } from "../../ui/Field";
import { Problem } from "../../ui/Problem";
import { checkEmail, checkPasswordPair, isValid, type FormErrors } from "../../ui/validation";
import { AuthCard } from "./AuthLayout";
import { ProviderFailure, ProviderSignIn, returnPath } from "./ProviderSignIn";
import { nextPath, nextQuery } from "./LoginPage";

/** The sign-up form (exported for the component tests). */
export function SignupForm({ onSubmit, error, pending }: { readonly onSubmit: (email: string, password: string) => void; readonly error: unknown; readonly pending: boolean }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FormErrors<"email" | "password" | "confirm">>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = { email: checkEmail(email), ...checkPasswordPair(password, confirm) };
    setErrors(found);
    if (isValid(found)) onSubmit(email.trim(), password);
  };
  // The server's field messages (an address already in use) go under their field.
  const serverEmail = error instanceof ApiError ? error.fieldErrors("email")[0] : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email ?? serverEmail} autoFocus />
      <Field label="Password" type="password" autoComplete="new-password" hint="8 to 72 characters." value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
      <Field label="Repeat password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
      {!serverEmail && <Problem error={error} />}
      <button type="submit" className="primary" disabled={pending}>
        {pending ? "Creating account…" : "Create account"}
      </button>
    </form>
  );
}

/** The sign-up page. */
export function SignupPage() {
  const { adopt } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signup = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => auth.signup(email, password),
    onSuccess: (session) => {
      adopt(session);
      void navigate(nextPath(params), { replace: true });
    },
  });
  return (
    <AuthCard title="Create your account">
      <ProviderFailure params={params} />
      <ProviderSignIn redirect={returnPath("/signup", params)} />
      <SignupForm onSubmit={(email, password) => signup.mutate({ email, password })} error={signup.error} pending={signup.isPending} />
      <p className="links">
        Already have an account? <Link to={`/login${nextQuery(params)}`}>Log in</Link>
      </p>
    </AuthCard>
  );
}
