// Forgot password (always answers the same, so nobody learns which addresses exist) and reset from the link.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { auth } from "../../api/endpoints";
import { Field } from "../../ui/Field";
import { Problem } from "../../ui/Problem";
import { checkEmail, checkPasswordPair, isValid, type FormErrors } from "../../ui/validation";
import { AuthCard } from "./AuthLayout";

/** Asks for a reset link. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({ mutationFn: () => auth.forgotPassword(email.trim()) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkEmail(email);
    setError(found);
    if (!found) send.mutate();
  };
  return (
    <AuthCard title="Reset your password">
      {send.isSuccess ? (
        <p role="status">If an account uses {email.trim()}, a link to reset its password is on its way. The link works for one hour.</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} autoFocus />
          <Problem error={send.error} />
          <button type="submit" className="primary" disabled={send.isPending}>Send reset link</button>
        </form>
      )}
      <p className="links"><Link to="/login">Back to log in</Link></p>
    </AuthCard>
  );
}

/** Sets a new password with the token from the emailed link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FormErrors<"password" | "confirm">>({});
  const reset = useMutation({ mutationFn: () => auth.resetPassword(token, password) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkPasswordPair(password, confirm);
    setErrors(found);
    if (isValid(found)) reset.mutate();
  };
  return (
    <AuthCard title="Choose a new password">
      {reset.isSuccess ? (
        <p role="status">Your password is changed and every session was signed out. <Link to="/login">Log in</Link> with the new one.</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} autoFocus />
          <Field label="Repeat new password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
          <Problem error={reset.error} />
          <button type="submit" className="primary" disabled={reset.isPending || token === ""}>Set password</button>
        </form>
      )}
    </AuthCard>
  );
}
