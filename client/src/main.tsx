import "./index.css";
import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "@/lib/query-client";
import { AuthProvider, useAuth } from "@/lib/auth";
import { applyAccent } from "@/lib/theme";
import { Toaster } from "@/components/ui/toaster";
import { AppRouter } from "@/app/router";
import { I18nProvider, currentLocale, loadLocale } from "@/lib/i18n";
import { registerServiceWorker } from "@/lib/service-worker";

registerServiceWorker();

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

function render() {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <I18nProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <ChurchBranding />
            <AppRouter />
            <Toaster />
          </AuthProvider>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
}

// A member who reads another language than English gets its texts first (one small chunk, in
// parallel with nothing else to wait for); if it cannot be fetched the app opens in English.
void loadLocale(currentLocale()).catch(() => undefined).then(render);
