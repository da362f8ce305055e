import assert from "node:assert/strict";
import net from "node:net";
import os from "node:os";
import { describe, it } from "node:test";
import { passwordEnvAllowed } from "../../src/apps/mqtt/defaults.ts";
import { guardedNetConnect, OutboundRefused } from "../../src/lib/outbound.ts";
import { checkHost, parseSsrfAllowlist } from "../../src/lib/ssrf.ts";

const none = parseSsrfAllowlist(undefined);
const refused = async (host: string, allow = none) => "refused" in (await checkHost(host, allow));

describe("outbound policy: which hosts are internal", () => {
  it("refuses loopback, unspecified, private, link-local, CGNAT and their IPv6 wrappings", async () => {
    for (const host of ["127.0.0.1", "[::1]", "::1", "0.0.0.0", "[::]", "10.1.2.3", "172.16.0.1", "192.168.0.1", "169.254.169.254", "100.64.0.1", "[fe80::1]", "[fd00::1]",
      "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::7f00:1]", "[64:ff9b::7f00:1]", "[2002:7f00:1::]", "224.0.0.1"]) {
      assert.ok(await refused(host), host);
    }
  });

  it("refuses loose spellings through the resolver, and the host's own name and addresses", async () => {
    for (const host of ["localhost", "127.1", "2130706433", "0x7f000001", os.hostname()]) assert.ok(await refused(host), host);
    const own = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []).map((i) => i.address);
    for (const address of own) assert.ok(await refused(address.includes(":") ? `[${address.replace(/%.*$/, "")}]` : address), address);
  });

  it("lets public addresses through, answering the address to connect to", async () => {
    assert.deepEqual(await checkHost("8.8.8.8", none), { address: "8.8.8.8", family: 4 });
    assert.deepEqual(await checkHost("[2606:4700::1111]", none), { address: "2606:4700::1111", family: 6 });
  });

  it("lets through exactly what SERVICE_SSRF_ALLOWLIST lists, by CIDR or by name", async () => {
    const allow = parseSsrfAllowlist("127.0.0.1/32, " + os.hostname());
    assert.ok(!(await refused("127.0.0.1", allow)));
    assert.ok(!(await refused("127.1", allow)), "a loose spelling of an allowed address");
    assert.ok(!(await refused(os.hostname(), allow)));
    assert.ok(await refused("127.0.0.2", allow));
    assert.ok(await refused("10.0.0.1", allow));
  });

  it("fails a socket to an internal address without connecting", async () => {
    const server = net.createServer((s) => s.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    let accepted = 0;
    server.on("connection", () => accepted++);
    try {
      const port = (server.address() as net.AddressInfo).port;
      // Also IPv6 addresses with a zone, which node connects to without a lookup and the check cannot parse.
      for (const host of ["127.0.0.1", "localhost", "127.1", "::ffff:127.0.0.1%a-b", "::1%x.y"]) {
        const socket = guardedNetConnect(none, { host, port });
        const err = await new Promise<Error>((resolve) => socket.once("error", resolve));
        assert.ok(err instanceof OutboundRefused, `${host}: ${err.message}`);
      }
      assert.equal(accepted, 0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("mqtt.password_env: an app's own variables only", () => {
  it("allows the default name and one more letters-and-digits part, nothing else", () => {
    assert.ok(passwordEnvAllowed("demo", "APP_DEMO_MQTT_PASSWORD"));
    assert.ok(passwordEnvAllowed("demo-cam", "APP_DEMO_CAM_MQTT_PASSWORD_NEXT2"));
    for (const name of ["SERVICE_JWT_SECRET", "AWS_SECRET_ACCESS_KEY", "APP_DEMO_", "APP_DEMO_TOKEN", "APP_DEMO_MQTT_PASSWORD_", "APP_DEMO_MQTT_PASSWORD_A_B"]) {
      assert.ok(!passwordEnvAllowed("demo", name), name);
    }
  });

  it("never lets one app name another app's variable, whatever their names", () => {
    const apps = ["demo", "demo-x", "demo-mqtt", "demo-mqtt-password", "demo-mqtt-password-x", "x-demo", "abc", "abc-mqtt-password-next"];
    const names = apps.flatMap((a) => [`APP_${a.toUpperCase().replace(/-/g, "_")}_MQTT_PASSWORD`, `APP_${a.toUpperCase().replace(/-/g, "_")}_MQTT_PASSWORD_NEXT`]);
    for (const name of names) {
      const readers = apps.filter((a) => passwordEnvAllowed(a, name));
      assert.equal(readers.length, 1, `${name}: ${readers.join(", ")}`);
    }
  });
});
