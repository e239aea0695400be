import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False while React renders on the server (the build's prerendered sign-in screen) and while the
 * browser hydrates that markup; true from the render after. The prerendered sign-in button is
 * disabled until then: a native submit before the app runs would send the password in the URL.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
