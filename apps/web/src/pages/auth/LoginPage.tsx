// Log in; after success, back to where the user was going (?next=).
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { auth } from "../../api/endpoints";
import { useSession } from "../../auth/session";
import { Field } from "../../ui/Field";
import { Problem } from "../../ui/Problem";
import { checkEmail, isValid, type FormErrors } from "../../ui/validation";
import { AuthCard } from "./AuthLayout";
import { ProviderFailure, ProviderSignIn, returnPath } from "./ProviderSignIn";

/** The next path from ?next=, only when it stays inside the app. */
export function nextPath(params: URLSearchParams): string {
  const next = params.get("next");
  return next && next.startsWith("/") && !next.startsWith("//") ? next : "/templates";
}

/** `?next=…` to carry to the other signed-out page (a failed provider sign-in's ?error= stays behind). */
export function nextQuery(params: URLSearchParams): string {
  return params.has("next") ? `?next=${encodeURIComponent(nextPath(params))}` : "";
}

/** The log-in page. */
export function LoginPage() {
  const { adopt } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FormErrors<"email" | "password">>({});
  const login = useMutation({
    mutationFn: () => auth.login(email.trim(), password),
    onSuccess: (session) => {
      adopt(session);
      void navigate(nextPath(params), { replace: true });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = { email: checkEmail(email), password: password === "" ? "Enter your password." : undefined };
    setErrors(found);
    if (isValid(found)) login.mutate();
  };
  return (
    <AuthCard title="Log in">
      <ProviderFailure params={params} />
      <ProviderSignIn redirect={returnPath("/login", params)} />
      <form onSubmit={submit} noValidate>
        <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} autoFocus />
        <Field label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
        <Problem error={login.error} />
        <button type="submit" className="primary" disabled={login.isPending}>
          {login.isPending ? "Logging in…" : "Log in"}
        </button>
      </form>
      <p className="links">
        <Link to={`/signup${nextQuery(params)}`}>Create an account</Link> · <Link to="/forgot-password">Forgot your password?</Link>
      </p>
    </AuthCard>
  );
}
