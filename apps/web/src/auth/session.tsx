// The signed-in session: restored at start through the refresh cookie, renewed a minute before it expires,
// shared through context. The token itself stays inside the API client (memory only).
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { api } from "../api/client";
import { auth } from "../api/endpoints";
import type { TokenResponse } from "../api/types";

interface SessionState {
  /** undefined while the first refresh is under way; null when signed out. */
  readonly session: TokenResponse | null | undefined;
  /** Adopts a token response (login, signup, accept, switch) and drops every cached query of the old one. */
  readonly adopt: (session: TokenResponse) => void;
  readonly signOut: (everywhere?: boolean) => Promise<void>;
  /** True after the user signed out here (the login page then forgets where they were). */
  readonly signedOutByUser: boolean;
}

const SessionContext = createContext<SessionState | null>(null);

/** Provides the session to the app. */
export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const queryClient = useQueryClient();
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const [session, setSession] = useState<TokenResponse | null | undefined>(undefined);

  useEffect(() => {
    const off = api.onSession(setSession);
    // A provider's sign-in that failed comes back with ?error= and without a refresh cookie.
    if (new URLSearchParams(window.location.search).has("error")) api.abandonProviderSession();
    // Unreachable server at start: show the login page rather than wait forever.
    api.refresh().catch(() => setSession(null));
    return () => void off();
  }, []);

  // Renew ahead of expiry so the editor never meets a 401 mid-save (the client also renews on 401).
  useEffect(() => {
    if (!session) return;
    const ms = Math.max(10_000, (session.expiresIn - 60) * 1000);
    // A failure here is handled by the next call's 401 (or shows the login page when the session is gone).
    const timer = setTimeout(() => void api.refresh().catch(() => undefined), ms);
    return () => clearTimeout(timer);
  }, [session]);

  const adopt = useCallback(
    (next: TokenResponse) => {
      setSignedOutByUser(false);
      queryClient.clear();
      api.setSession(next);
    },
    [queryClient],
  );

  const signOut = useCallback(
    async (everywhere = false) => {
      try {
        await (everywhere ? auth.logoutAll() : auth.logout());
      } catch {
        // Signing out happens here whatever the server said (an expired session is signed out already).
      } finally {
        setSignedOutByUser(true);
        queryClient.clear();
        api.setSession(null);
      }
    },
    [queryClient],
  );

  const value = useMemo(() => ({ session, adopt, signOut, signedOutByUser }), [session, adopt, signOut, signedOutByUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session context. */
export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (ctx === null) throw new Error("useSession outside SessionProvider");
  return ctx;
}

/** The signed-in session (only inside routes that require one). */
export function useSignedIn(): TokenResponse {
  const { session } = useSession();
  if (!session) throw new Error("useSignedIn without a session");
  return session;
}
