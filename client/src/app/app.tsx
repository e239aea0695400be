import { StrictMode, useEffect } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { queryClient } from "@/lib/query-client";
import { AuthProvider, useAuth } from "@/lib/auth";
import { applyAccent } from "@/lib/theme";
import { Toaster } from "@/components/ui/toaster";
import { AppRouter } from "@/app/router";
import { I18nProvider } from "@/lib/i18n";

function ChurchBranding() {
  const { church } = useAuth();
  useEffect(() => {
    if (church) {
      applyAccent(church.accentColor);
      document.title = church.name;
      document.querySelector('meta[name="theme-color"]')?.setAttribute("content", church.accentColor);
    }
  }, [church]);
  return null;
}

/**
 * The whole app. The browser renders it (main.tsx); the build also renders it once, signed out
 * and in English, into index.html (`ssrPath`, client/src/prerender.tsx), so the sign-in screen
 * paints before any script has run and the browser's first render hydrates that markup.
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <I18nProvider>
          <QueryClientProvider client={queryClient}>
            <AuthProvider>
              <ChurchBranding />
              <AppRouter />
              <Toaster />
            </AuthProvider>
          </QueryClientProvider>
        </I18nProvider>
      </Router>
    </StrictMode>
  );
}
