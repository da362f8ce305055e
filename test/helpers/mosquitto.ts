import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { chmodSync, writeFileSync } from "node:fs";
import path from "node:path";
import mqtt, { type MqttClient } from "mqtt";
import { MOSQUITTO, MOSQUITTO_PASSWD } from "../setup/prerequisites.ts";
import { freePort, waitForPort } from "./ports.ts";
import { tempDir } from "./temp.ts";


/** A Mosquitto broker of the test's own, on a free loopback port; it can be stopped and started again on that port. */
export class Broker {
  private child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly configFile: string,
  ) {}

  /** With `user`, anonymous clients are refused and only that user and password may connect. */
  static async start(user?: { name: string; password: string }): Promise<Broker> {
    const dir = tempDir("service-core-mosquitto-");
    // Started as root, mosquitto drops to its own user before reading the password file.
    chmodSync(dir, 0o755);
    const port = await freePort();
    const lines = [`listener ${port} 127.0.0.1`, "persistence false", "log_dest none"];
    if (user) {
      const passwords = path.join(dir, "passwords");
      writeFileSync(passwords, "");
      const made = spawnSync(MOSQUITTO_PASSWD, ["-b", passwords, user.name, user.password], { encoding: "utf8" });
      if (made.status !== 0) throw new Error(`mosquitto_passwd failed: ${made.stderr}`);
      chmodSync(passwords, 0o644);
      lines.push("allow_anonymous false", `password_file ${passwords}`);
    } else {
      lines.push("allow_anonymous true");
    }
    const configFile = path.join(dir, "mosquitto.conf");
    writeFileSync(configFile, `${lines.join("\n")}\n`);
    const broker = new Broker(port, configFile);
    await broker.resume();
    return broker;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    this.child = spawn(MOSQUITTO, ["-c", this.configFile], { stdio: "ignore" });
    await waitForPort(this.port, 10_000);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    child.kill("SIGKILL");
    await once(child, "exit");
  }
}

export interface Message {
  readonly topic: string;
  readonly qos: number;
  readonly retain: boolean;
  readonly json: { event: string; app: string; timestamp: string; data: Record<string, unknown> };
}

/** A subscriber that records every message under `filter`, reconnecting quickly when its broker restarts. */
export class Subscriber {
  readonly messages: Message[] = [];

  private constructor(private readonly client: MqttClient) {
    client.on("message", (topic, payload, packet) => {
      this.messages.push({ topic, qos: packet.qos, retain: packet.retain, json: JSON.parse(payload.toString("utf8")) as Message["json"] });
    });
  }

  static async connect(url: string, filter: string, options: { username?: string; password?: string } = {}): Promise<Subscriber> {
    const client = mqtt.connect(url, { reconnectPeriod: 200, clean: false, clientId: `test-sub-${Math.random().toString(36).slice(2)}`, ...options });
    const subscriber = new Subscriber(client);
    await new Promise<void>((resolve) => client.once("connect", () => resolve()));
    await client.subscribeAsync(filter, { qos: 2 });
    return subscriber;
  }

  async until(done: (messages: readonly Message[]) => boolean, ms = 5000, what = "messages"): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done(this.messages)) {
      if (Date.now() > deadline) throw new Error(`subscriber: timed out waiting for ${what} (got ${this.messages.map((m) => m.topic).join(", ")})`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  close(): Promise<void> {
    return this.client.endAsync(true);
  }
}
