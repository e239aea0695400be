const MAP: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** For the few places the server writes HTML (emails). */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => MAP[c]);
