import net from "node:net";
import { once } from "node:events";

/** A plain TCP client for what fetch cannot do: partial bodies, lying headers, abrupt closes. */
export async function rawConnect(port: number): Promise<net.Socket> {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  return socket;
}

/** Sends `request` and collects everything the server answers until it closes or `ms` pass. */
export async function rawExchange(port: number, request: string | Buffer, ms = 2000): Promise<string> {
  const socket = await rawConnect(port);
  const chunks: Buffer[] = [];
  socket.on("data", (c: Buffer) => chunks.push(c));
  socket.write(request);
  await Promise.race([once(socket, "close"), new Promise((r) => setTimeout(r, ms))]);
  socket.destroy();
  return Buffer.concat(chunks).toString("latin1");
}
