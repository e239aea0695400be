/**
 * Toast store (spec section 9): at most one toast shown at a time; a dismissed toast is
 * removed after 1,000,000 ms.
 */
import { useEffect, useState, type ReactNode } from "react";

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: "default" | "destructive";
  duration?: number;
  open: boolean;
}

type Listener = (toasts: ToastData[]) => void;
let toasts: ToastData[] = [];
const listeners = new Set<Listener>();
const timeouts = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

const emit = () => listeners.forEach((l) => l(toasts));

function scheduleRemoval(id: string) {
  if (timeouts.has(id)) return;
  timeouts.set(
    id,
    setTimeout(() => {
      timeouts.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismiss(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  toasts.filter((t) => !t.open).forEach((t) => scheduleRemoval(t.id));
  emit();
}

export function toast(props: Omit<ToastData, "id" | "open">) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  toasts = [{ ...props, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismiss(id) };
}

export function useToasts() {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state;
}
