// The emailed verification link (/verify-email?token=…) lands here and is redeemed once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { auth } from "../../api/endpoints";
import { useSession } from "../../auth/session";
import { Problem } from "../../ui/Problem";
import { Loading } from "../../ui/states";
import { AuthCard } from "./AuthLayout";

/** Redeems the token from the link. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { session } = useSession();
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => auth.verifyEmail(token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["me"] }),
  });
  // React's development double-mount must not spend the single-use token twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || token === "") return;
    started.current = true;
    verify.mutate();
  }, [token, verify]);
  return (
    <AuthCard title="Verify your email">
      {token === "" && <p role="alert">This link has no token. Open the link from the email again.</p>}
      {verify.isPending && <Loading what="Verifying" />}
      {verify.isSuccess && <p role="status">Your email address is verified.</p>}
      <Problem error={verify.error} />
      <p className="links">{session ? <Link to="/templates">Go to your templates</Link> : <Link to="/login">Log in</Link>}</p>
    </AuthCard>
  );
}
