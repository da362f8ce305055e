import type { StreamView } from "./view.ts";

/** What a later module adds to a stream's detail: fields to merge, or undefined for none. */
export type StreamDetail = (app: string, stream: StreamView) => Record<string, unknown> | undefined;

/**
 * The extra fields of `GET /streams/{id}` that belong to modules listed after streams (the live
 * HLS playlist): they register here, as local stream sources do in `LocalSources`.
 */
export class StreamDetails {
  private readonly details: StreamDetail[] = [];

  add(detail: StreamDetail): void {
    this.details.push(detail);
  }

  of(app: string, stream: StreamView): Record<string, unknown> {
    return Object.assign({}, ...this.details.map((d) => d(app, stream)));
  }
}
