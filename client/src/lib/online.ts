/** Whether the browser believes it is online (navigator.onLine and its online/offline events). */
import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

export const isOnline = () => (typeof navigator === "undefined" ? true : navigator.onLine);

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
