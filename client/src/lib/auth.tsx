/**
 * Sign-in state (spec section 4, Auth). On start, a stored token is checked with
 * GET /api/church/me (which also supplies the church); a failed check clears token and user.
 * Login and register store token and user; logout revokes the session and clears both.
 *
 * A check that gets no answer at all (offline) has not failed: the member stays signed in with
 * the user and church last loaded (the church is kept in localStorage beside the user), and the
 * check runs again when the browser is back online. (docs/decisions/0081)
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { API } from "@contract/api-paths";
import type { AuthResponse, OwnUser } from "@contract/auth";
import type { Church, ChurchMe } from "@contract/church";
import { apiRequest, endingSession, isNetworkError, TOKEN_KEY, USER_KEY, storedToken } from "./api";
import { queryClient } from "./query-client";
import { forgetPushOnThisDevice } from "./push";
import { clearDrafts } from "./draft";

interface AuthState {
  user: OwnUser | null;
  church: Church | null;
  isLoading: boolean;
  signedIn(res: AuthResponse): void;
  /** `sessionEnded`: the server already ended the session (the account was deleted): only forget it here. */
  logout(opts?: { sessionEnded?: boolean }): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

function readStoredUser(): OwnUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    // A user stored by an older version has no phone or photo yet: the session check fills them.
    return raw ? { ...({ phone: null, photoUrl: null } as const), ...(JSON.parse(raw) as Partial<OwnUser>) } as OwnUser : null;
  } catch {
    return null;
  }
}

const CHURCH_KEY = "church";

function readStoredChurch(): Church | null {
  try {
    const raw = localStorage.getItem(CHURCH_KEY);
    return raw ? (JSON.parse(raw) as Church) : null;
  } catch {
    return null;
  }
}

function clearStorage() {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(CHURCH_KEY);
  } catch {
    /* storage unavailable */
  }
}

export const ME_KEY = [API.church.me()];

export function AuthProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(storedToken);
  const [user, setUser] = useState<OwnUser | null>(() => (storedToken() ? readStoredUser() : null));

  const me = useQuery<ChurchMe>({ queryKey: ME_KEY, enabled: !!token });
  const unreachable = me.isError && isNetworkError(me.error);

  useEffect(() => {
    if (me.isError && !isNetworkError(me.error)) {
      clearStorage();
      setToken(null);
      setUser(null);
    }
  }, [me.isError, me.error]);

  // Offline at start: check again once the browser is back online.
  const { refetch } = me;
  useEffect(() => {
    if (!unreachable) return;
    const again = () => void refetch();
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, [unreachable, refetch]);

  // Signed out: drop every cached answer once the signed-in screens (and their queries) are gone.
  useEffect(() => {
    if (!token) queryClient.clear();
  }, [token]);

  useEffect(() => {
    if (me.data) {
      setUser(me.data.user);
      localStorage.setItem(USER_KEY, JSON.stringify(me.data.user));
      localStorage.setItem(CHURCH_KEY, JSON.stringify(me.data.church));
    }
  }, [me.data]);

  const signedIn = useCallback((res: AuthResponse) => {
    localStorage.setItem(TOKEN_KEY, res.token);
    localStorage.setItem(USER_KEY, JSON.stringify(res.user));
    queryClient.clear();
    setUser(res.user);
    setToken(res.token);
  }, []);

  const logout = useCallback(async (opts?: { sessionEnded?: boolean }) => {
    // While still signed in: this device stops receiving the member's push notifications.
    await forgetPushOnThisDevice();
    // From here no read goes out with the session being ended (api.ts); those already out were
    // sent while it was valid.
    endingSession(storedToken());
    try {
      if (storedToken() && !opts?.sessionEnded) await apiRequest("POST", API.auth.logout());
    } catch {
      /* the session may already be gone; sign out locally regardless */
    }
    clearStorage();
    clearDrafts();
    setUser(null);
    setToken(null);
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user: token ? user : null,
      church: token ? (me.data?.church ?? (unreachable ? readStoredChurch() : null)) : null,
      isLoading: !!token && me.isPending,
      signedIn,
      logout,
    }),
    [token, user, me.data, me.isPending, unreachable, signedIn, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth outside AuthProvider");
  return ctx;
}

/** The church of the signed-in user (the shell renders only once it is known). */
export function useChurch(): Church {
  const { church } = useAuth();
  if (!church) throw new Error("useChurch before the church loaded");
  return church;
}
