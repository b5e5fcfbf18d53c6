// The account: email status (resend verification), change password, linked providers, log out here or everywhere.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { auth } from "../../api/endpoints";
import { useSession } from "../../auth/session";
import { Field } from "../../ui/Field";
import { Problem } from "../../ui/Problem";
import { checkPasswordPair, isValid, type FormErrors } from "../../ui/validation";
import { LinkedIdentities } from "./LinkedIdentities";

/** The account page. */
export function AccountPage() {
  const { signOut } = useSession();
  const me = useQuery({ queryKey: ["me"], queryFn: auth.me });
  const resend = useMutation({ mutationFn: () => auth.resendVerification(me.data?.user.email ?? "") });
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<FormErrors<"current" | "password" | "confirm">>({});
  const change = useMutation({ mutationFn: () => auth.changePassword(current, password) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = { current: current === "" ? "Enter your current password." : undefined, ...checkPasswordPair(password, confirm) };
    setErrors(found);
    if (isValid(found)) change.mutate();
  };
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Account</h1>
      <div className="panel">
        <h2>Email</h2>
        <p>
          {me.data?.user.email}{" "}
          {me.data && (me.data.user.emailVerified ? <span className="badge ok">verified</span> : <span className="badge warn">not verified</span>)}
        </p>
        {me.data && !me.data.user.emailVerified && (
          <>
            <button onClick={() => resend.mutate()} disabled={resend.isPending}>Resend the verification email</button>
            {resend.isSuccess && <p role="status">Sent. The link works for 24 hours.</p>}
            <Problem error={resend.error} />
          </>
        )}
      </div>
      <div className="panel">
        <h2>Change password</h2>
        {change.isSuccess ? (
          <p role="status">Password changed. Your other sessions were signed out; log in again there.</p>
        ) : (
          <form onSubmit={submit} noValidate className="narrow">
            <Field label="Current password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} error={errors.current} />
            <Field label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
            <Field label="Repeat new password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
            <Problem error={change.error} />
            <button type="submit" className="primary" disabled={change.isPending}>Change password</button>
          </form>
        )}
      </div>
      <LinkedIdentities />
      <div className="panel">
        <h2>Sessions</h2>
        <div className="row">
          <button onClick={() => void signOut(false)}>Log out</button>
          <button className="danger" onClick={() => void signOut(true)}>Log out everywhere</button>
        </div>
      </div>
    </section>
  );
}
