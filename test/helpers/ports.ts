import dgram from "node:dgram";
import net from "node:net";

/** A TCP port free on loopback right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port, or rejects after `ms`. */
export async function waitForPort(port: number, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms`);
}

/**
 * A UDP port free right now on every address (IPv4 and IPv6, as servers that listen on all
 * interfaces bind it): a free TCP port says nothing about UDP, where WebRTC clients hold many.
 */
export function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket({ type: "udp6", ipv6Only: false });
    socket.unref();
    socket.on("error", reject);
    socket.bind(0, "::", () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}
