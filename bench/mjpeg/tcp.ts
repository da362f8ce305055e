/**
 * The server's side of its loopback connections, read from /proc/net/tcp. A viewer that never
 * reads cannot see the server close it (the FIN waits behind the data it did not read), but the
 * kernel can: the server's socket leaves ESTABLISHED the moment the server closes it.
 */
import { readFileSync } from "node:fs";

/** TCP_ESTABLISHED as /proc/net/tcp writes it (include/net/tcp_states.h). */
const ESTABLISHED = "01";

/** Which of the connections from `peerPorts` to `serverPort` the server no longer holds open. */
export function closedByServer(serverPort: number, peerPorts: Iterable<number>): Set<number> {
  const open = new Set<number>();
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    // sl local_address rem_address st ...; addresses are hex ip:port.
    const [, local, remote, state] = line.trim().split(/\s+/);
    if (local === undefined || remote === undefined || state !== ESTABLISHED) continue;
    if (parseInt(local.slice(local.indexOf(":") + 1), 16) !== serverPort) continue;
    open.add(parseInt(remote.slice(remote.indexOf(":") + 1), 16));
  }
  return new Set([...peerPorts].filter((port) => !open.has(port)));
}
