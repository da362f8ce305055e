/**
 * The physical ceiling's server: a bare `net` server writing one shared buffer (the size of a
 * frame, given as its argument) to every connection as fast as the kernel takes it. No HTTP, no
 * framing, no per-viewer state: what loopback TCP and Node's socket layer can move on this
 * machine, for the MJPEG figures to be read against. Reports its port over IPC and serves until
 * the bench disconnects.
 */
import net from "node:net";
import type { WriterEvent } from "./protocol.ts";

const CHUNK = Buffer.alloc(Number(process.argv[2]), "x");

const server = net.createServer({ noDelay: true }, (socket) => {
  const pump = () => {
    while (socket.writable && socket.write(CHUNK));
  };
  socket.on("drain", pump);
  socket.on("error", () => socket.destroy());
  pump();
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("blaster: no TCP address");
  const ready: WriterEvent = { ev: "listening", port: address.port };
  process.send?.(ready);
});
process.on("disconnect", () => process.exit(0));
