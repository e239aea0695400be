/** Light and dark themes, remembered in localStorage ("theme"); applied before paint by /theme-init.js. */
import { useCallback, useSyncExternalStore } from "react";

const listeners = new Set<() => void>();
const isDark = () => document.documentElement.classList.contains("dark");

export function setDark(dark: boolean) {
  document.documentElement.classList.toggle("dark", dark);
  try {
    localStorage.setItem("theme", dark ? "dark" : "light");
  } catch {
    /* storage unavailable */
  }
  listeners.forEach((l) => l());
}

export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const dark = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    isDark,
    () => false,
  );
  return [dark, useCallback((d: boolean) => setDark(d), [])];
}

/** The church's accent colour becomes the primary colour (light theme; dark keeps its lighter tone for contrast). */
export function applyAccent(hex: string) {
  document.documentElement.style.setProperty("--church-accent", hex);
}
