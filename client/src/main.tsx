import "@contract/zod-setup";
import "./index.css";
import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "@/lib/query-client";
import { AuthProvider, useAuth } from "@/lib/auth";
import { applyAccent } from "@/lib/theme";
import { Toaster } from "@/components/ui/toaster";
import { AppRouter } from "@/app/router";

function ChurchBranding() {
  const { church } = useAuth();
  useEffect(() => {
    if (church) {
      applyAccent(church.accentColor);
      document.title = church.name;
    }
  }, [church]);
  return null;
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ChurchBranding />
        <AppRouter />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
