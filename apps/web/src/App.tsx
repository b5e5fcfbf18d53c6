// The routes. Email links land on /verify-email, /reset-password and /invites/:token (the server's mail
// templates build them from PUBLIC_URL), so those paths are fixed.
import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Route, Routes, useSearchParams } from "react-router";
import { SessionProvider, useSession } from "./auth/session";
import { AccountPage } from "./pages/auth/AccountPage";
import { InvitePage } from "./pages/auth/InvitePage";
import { LoginPage, nextPath } from "./pages/auth/LoginPage";
import { ForgotPasswordPage, ResetPasswordPage } from "./pages/auth/PasswordPages";
import { SignupPage } from "./pages/auth/SignupPage";
import { VerifyEmailPage } from "./pages/auth/VerifyEmailPage";
import { Shell } from "./pages/Shell";
import { TemplatesPage } from "./pages/templates/TemplatesPage";
import { ApiKeysPage } from "./pages/workspace/ApiKeysPage";
import { MembersPage } from "./pages/workspace/MembersPage";
import { UsagePage } from "./pages/workspace/UsagePage";
import { Loading } from "./ui/states";

const TemplatePage = lazy(() => import("./pages/templates/TemplatePage"));
// The band designer is its own chunk: its code loads only when a report is opened in it.
const DesignerPage = lazy(() => import("./designer/DesignerPage"));

/** Signed-in visitors skip the login and sign-up pages (to where ?next= says, as after logging in). */
function SignedOutOnly({ children }: { readonly children: React.ReactNode }) {
  const { session } = useSession();
  const [params] = useSearchParams();
  if (session === undefined) return <Loading what="Signing in" />;
  if (session) return <Navigate to={nextPath(params)} replace />;
  return children;
}

function NotFound() {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Page not found</h1>
        <p><a href="/templates">Go to your templates</a></p>
      </div>
    </main>
  );
}

/** The app. */
export function App() {
  return (
    <BrowserRouter>
      <SessionProvider>
        <Routes>
          <Route path="/login" element={<SignedOutOnly><LoginPage /></SignedOutOnly>} />
          <Route path="/signup" element={<SignedOutOnly><SignupPage /></SignedOutOnly>} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="/invites/:token" element={<InvitePage />} />
          <Route element={<Shell />}>
            <Route index element={<Navigate to="/templates" replace />} />
            <Route path="/templates" element={<TemplatesPage />} />
            <Route path="/templates/:id" element={<Suspense fallback={<Loading what="Loading the editor" />}><TemplatePage /></Suspense>} />
            <Route path="/templates/:id/design" element={<Suspense fallback={<Loading what="Loading the designer" />}><DesignerPage /></Suspense>} />
            <Route path="/members" element={<MembersPage />} />
            <Route path="/api-keys" element={<ApiKeysPage />} />
            <Route path="/usage" element={<UsagePage />} />
            <Route path="/account" element={<AccountPage />} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Routes>
      </SessionProvider>
    </BrowserRouter>
  );
}
