import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { after, before, describe, it } from "node:test";
import pino from "pino";
import { parseSsrfAllowlist } from "../../src/lib/ssrf.ts";
import { SourceProxy } from "../../src/pull/source-proxy.ts";

/** The first line of what the proxy answers a raw request with. */
async function rawAnswer(port: number, request: string): Promise<string> {
  const socket = net.connect({ host: "127.0.0.1", port });
  let text = "";
  socket.on("data", (b) => (text += b.toString("latin1")));
  socket.write(request);
  await new Promise<void>((resolve) => {
    socket.on("close", () => resolve());
    socket.on("data", () => text.includes("\r\n\r\n") && socket.destroy());
  });
  return text.split("\r\n")[0] ?? "";
}

describe("the HLS source proxy", () => {
  const proxy = new SourceProxy(parseSsrfAllowlist("127.0.0.1/32"), pino({ level: "silent" }));
  let port = 0;
  let auth = "";
  let origin: http.Server;
  let originPort = 0;
  before(async () => {
    const url = new URL(await proxy.url());
    port = Number(url.port);
    auth = `Proxy-Authorization: Basic ${Buffer.from(`${url.username}:${url.password}`).toString("base64")}\r\n`;
    origin = http.createServer((_req, res) => res.end("segment"));
    await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", () => resolve()));
    originPort = (origin.address() as net.AddressInfo).port;
  });
  after(async () => {
    await proxy.close();
    origin.close();
  });

  it("wants its secret: 407 without it, for a request and for a tunnel", async () => {
    assert.match(await rawAnswer(port, `GET http://127.0.0.1:${originPort}/a.ts HTTP/1.1\r\nHost: x\r\n\r\n`), /^HTTP\/1\.1 407/);
    assert.match(await rawAnswer(port, `CONNECT 127.0.0.1:${originPort} HTTP/1.1\r\n\r\n`), /^HTTP\/1\.1 407/);
  });

  it("sends an allowed request on, and answers 403 for an address the rules refuse", async () => {
    assert.match(await rawAnswer(port, `GET http://127.0.0.1:${originPort}/a.ts HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}\r\n`), /^HTTP\/1\.1 200/);
    assert.match(await rawAnswer(port, `GET http://127.0.0.2:${originPort}/a.ts HTTP/1.1\r\nHost: 127.0.0.2\r\n${auth}\r\n`), /^HTTP\/1\.1 403/);
    assert.match(await rawAnswer(port, `CONNECT 10.0.0.1:443 HTTP/1.1\r\n${auth}\r\n`), /^HTTP\/1\.1 403/);
  });

  it("answers 400, and stays up, for a tunnel to a port out of range or an address with a zone", async () => {
    for (const target of ["example.com:70000", "example.com:0", "[::ffff:169.254.169.254%a-b]:80", "[::1%x]:443", "nohost"]) {
      assert.match(await rawAnswer(port, `CONNECT ${target} HTTP/1.1\r\n${auth}\r\n`), /^HTTP\/1\.1 400/, target);
    }
    assert.match(await rawAnswer(port, `GET http://127.0.0.1:${originPort}/a.ts HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}\r\n`), /^HTTP\/1\.1 200/);
  });
});
