/** The service worker and push registration constants (spec section 9), without zod: the client's entry needs them. */
/** Spec section 9. */
export const SERVICE_WORKER_ACTIVATION_TIMEOUT_MS = 10_000;
/** Spec section 9: a browser re-registers its subscription when the stored registration is older. */
export const PUSH_TOKEN_REFRESH_MS = 7 * 24 * 3600 * 1000;
export const SERVICE_WORKER_URL = "/sw.js";
