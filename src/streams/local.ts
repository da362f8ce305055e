import type { StreamView } from "./view.ts";

/** Streams that live in this process rather than in LiveKit (WebSocket cameras). */
export interface LocalStreams {
  owns(stream: StreamView): boolean;
  isLive(app: string, stream: StreamView): boolean;
  /** Disconnects the stream's publisher (the stop route). */
  stop(app: string, stream: StreamView): void;
}

/**
 * Every source of local streams, as one. The modules that serve streams themselves (the MJPEG hub
 * today) register here, so the streams module listed before them can still stop and reconcile
 * their streams.
 */
export class LocalSources implements LocalStreams {
  private readonly sources: LocalStreams[] = [];

  add(source: LocalStreams): void {
    this.sources.push(source);
  }

  owns(stream: StreamView): boolean {
    return this.sources.some((s) => s.owns(stream));
  }

  isLive(app: string, stream: StreamView): boolean {
    return this.sources.find((s) => s.owns(stream))?.isLive(app, stream) ?? false;
  }

  stop(app: string, stream: StreamView): void {
    this.sources.find((s) => s.owns(stream))?.stop(app, stream);
  }
}
