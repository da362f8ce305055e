import { STATUS_CODES } from "node:http";
import type { RelayedStream } from "../peers/relay.ts";
import type { StreamReply } from "./reply.ts";

/**
 * Another node's streaming answer (a live MJPEG stream of a camera connected there) passed on to
 * this node's client as it comes. A client slower than the stream pauses the peer's stream until
 * its socket drains (uWS holds what one write took, so memory stays one chunk per viewer); the
 * client leaving ends the peer's answer, and the peer's end ends the client's.
 */
export function relayedStream(peer: RelayedStream): StreamReply {
  return {
    kind: "stream",
    status: peer.status,
    headers: peer.headers,
    start(res, onGone, headers) {
      let open = true;
      const end = (): void => {
        if (!open) return;
        open = false;
        res.cork(() => res.end());
      };
      onGone(() => {
        open = false;
        peer.cancel();
      });
      // Registered for the response's whole life: uWS closes a response that stayed backpressured without one.
      res.onWritable(() => {
        peer.body.resume();
        return true;
      });
      res.cork(() => {
        res.writeStatus(`${peer.status} ${STATUS_CODES[peer.status] ?? ""}`.trim());
        for (const name in headers) res.writeHeader(name, headers[name] as string);
      });
      peer.body.on("data", (chunk: Buffer) => {
        if (!open) return;
        let taken = true;
        res.cork(() => {
          taken = res.write(chunk);
        });
        if (!taken) peer.body.pause();
      });
      peer.body.on("end", end);
      peer.body.on("error", end);
    },
  };
}
