/** Text made safe to place in HTML content and in quoted attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** An HTML page rendered for one request, with the headers it must be served with. */
export interface RenderedPage {
  readonly html: string;
  readonly headers: Record<string, string>;
}

/**
 * The headers every page we render per request carries: its policy (directives joined), never
 * stored (answers may hold a nonce or follow a token), never sniffed, no referrer (addresses carry
 * tokens), and X-Frame-Options for older browsers when the policy forbids framing altogether.
 */
export function pageHeaders(policy: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": policy.join("; "),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  };
  if (policy.includes("frame-ancestors 'none'")) headers["x-frame-options"] = "DENY";
  return headers;
}
