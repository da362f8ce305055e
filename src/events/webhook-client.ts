import { request, type Agent } from "undici";
import { guardedDispatcher, OutboundRefused } from "../lib/outbound.ts";
import type { SsrfAllowlist } from "../lib/ssrf.ts";

/** SPEC 6.1: each attempt has 10 s (to connect, for the headers, and between body chunks). */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of a failed response's body is kept in the delivery log. */
const ERROR_SNIPPET = 200;

export type AttemptResult =
  | { readonly kind: "delivered"; readonly status: number }
  | { readonly kind: "retry" | "permanent"; readonly status: number | null; readonly error: string };

/**
 * POSTs webhook bodies through the outbound policy's dispatcher (`lib/outbound.ts`): the target
 * is checked when a socket is opened and the socket connects to the checked address (Node's
 * global fetch would ignore an http.Agent; undici's dispatcher is the seam). Redirects are
 * never followed.
 */
export class WebhookClient {
  private readonly agent: Agent;

  constructor(allow: SsrfAllowlist) {
    this.agent = guardedDispatcher(allow, { timeoutMs: ATTEMPT_TIMEOUT_MS, headersTimeout: ATTEMPT_TIMEOUT_MS, bodyTimeout: ATTEMPT_TIMEOUT_MS });
  }

  /**
   * One attempt. The 10 s limit is undici's own: to connect, to receive the headers, and between
   * body chunks (a receiver that sends headers and stalls times out); a signal per request cost a
   * measurable share of each delivery.
   */
  async post(url: string, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    try {
      const res = await request(url, { method: "POST", headers, body, dispatcher: this.agent });
      const text = await res.body.text();
      const status = res.statusCode;
      if (status >= 200 && status < 300) return { kind: "delivered", status };
      const error = `HTTP ${status}${text ? `: ${text.slice(0, ERROR_SNIPPET)}` : ""}`;
      if (status === 408 || status === 429 || status >= 500) return { kind: "retry", status, error };
      if (status >= 300 && status < 400) return { kind: "permanent", status, error: `HTTP ${status}: redirects are not followed; configure the final URL` };
      return { kind: "permanent", status, error };
    } catch (err) {
      if (err instanceof OutboundRefused) return { kind: "permanent", status: null, error: err.message };
      const e = err as Error & { code?: string };
      const timedOut = e.code === "UND_ERR_HEADERS_TIMEOUT" || e.code === "UND_ERR_BODY_TIMEOUT" || e.code === "UND_ERR_CONNECT_TIMEOUT";
      return { kind: "retry", status: null, error: timedOut ? `timed out after ${ATTEMPT_TIMEOUT_MS / 1000} s` : `${e.code ?? e.name}: ${e.message}` };
    }
  }

  /** Aborts every request under way (shutdown); the client cannot be used afterwards. */
  cancelAll(): void {
    this.agent.destroy().catch(() => {});
  }
}
