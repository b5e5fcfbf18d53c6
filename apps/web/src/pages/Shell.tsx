// The signed-in frame: navigation, the workspace switcher, the account menu (the address, shortened with a
// tooltip when long, and "Log out" always in sight), the unverified-email banner, and the page.
import { useMutation, useQuery } from "@tanstack/react-query";
import { NavLink, Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { auth, workspaces } from "../api/endpoints";
import { useSession } from "../auth/session";
import { Problem } from "../ui/Problem";
import { Loading } from "../ui/states";

function WorkspaceSwitcher() {
  const { session, adopt } = useSession();
  const navigate = useNavigate();
  const list = useQuery({ queryKey: ["workspaces"], queryFn: workspaces.list });
  const switchTo = useMutation({
    mutationFn: (id: string) => auth.switchWorkspace(id),
    onSuccess: (next) => {
      adopt(next);
      // What was open belongs to the other workspace; its template list is the place to start.
      void navigate("/templates");
    },
  });
  if (!session) return null;
  return (
    <div className="switcher">
      <label htmlFor="workspace-switcher">Workspace</label>
      <select id="workspace-switcher" title={session.workspace.name} value={session.workspace.id} disabled={switchTo.isPending} onChange={(e) => switchTo.mutate(e.target.value)}>
        {(list.data ?? [{ ...session.workspace, role: session.role }]).map((w) => (
          <option key={w.id} value={w.id}>
            {w.name} ({w.role})
          </option>
        ))}
      </select>
      <Problem error={switchTo.error} />
    </div>
  );
}

function VerifyBanner() {
  const me = useQuery({ queryKey: ["me"], queryFn: auth.me });
  const resend = useMutation({ mutationFn: () => auth.resendVerification(me.data?.user.email ?? "") });
  if (!me.data || me.data.user.emailVerified) return null;
  return (
    <div className="banner" role="status">
      Verify your email address: we sent a link to {me.data.user.email}.{" "}
      {resend.isSuccess ? "Sent again." : <button className="link" onClick={() => resend.mutate()}>Resend the email</button>}
    </div>
  );
}

/** The app frame; sends signed-out visitors to the login page. */
export function Shell() {
  const { session, signedOutByUser, signOut } = useSession();
  const location = useLocation();
  if (session === undefined) return <Loading what="Signing in" />;
  // An expired session returns to this page after logging in; a deliberate sign-out starts afresh.
  if (session === null) return <Navigate to={signedOutByUser ? "/login" : `/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return (
    <div className="shell">
      <header className="topbar">
        <a className="skip" href="#main">Skip to content</a>
        <span className="brand">docsvc</span>
        <nav aria-label="Main">
          <NavLink to="/templates">Templates</NavLink>
          <NavLink to="/members">Members</NavLink>
          <NavLink to="/api-keys">API keys</NavLink>
          <NavLink to="/usage">Usage</NavLink>
        </nav>
        <WorkspaceSwitcher />
        <div className="account-menu">
          <NavLink to="/account" className="account-link truncate" title={`${session.user.email}: your account`}>{session.user.email}</NavLink>
          <button type="button" className="small" data-testid="log-out" onClick={() => void signOut(false)}>Log out</button>
        </div>
      </header>
      <VerifyBanner />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
