// The Config tab's S3 and MQTT blocks: each field sent only when changed, secrets write-only
// (typed to replace, never shown; the API answers only whether one is set).
import { api } from "./api.js";
import { Check, Field, Message, html, useAction, useLoad } from "./ui.js";

const appPath = (name) => `/apps/${encodeURIComponent(name)}`;

/** The fields of `next` that differ from `current` (compared as JSON, so arrays and objects work). */
function changes(current, next) {
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(current[key])));
}

function Select({ label, name, value, options }) {
  const id = `sel-${name}`;
  return html`<div class="field"><label for=${id}>${label}</label>
    <select id=${id} name=${name}>${options.map((o) => html`<option key=${o} value=${String(o)} selected=${String(o) === String(value)}>${o}</option>`)}</select>
  </div>`;
}

export function S3Block({ name, writable, version, onChanged }) {
  const s3 = useLoad(() => api("GET", `${appPath(name)}/s3`), [name, version]);
  const action = useAction();
  const submit = (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = changes(s3.data, {
      provider: data.get("provider"),
      bucket: data.get("bucket"),
      region: data.get("region"),
      endpoint: data.get("endpoint"),
      forcePathStyle: data.get("forcePathStyle") === "on",
      prefix: data.get("prefix"),
      public_url: data.get("public_url"),
    });
    if (body.public_url) body.confirmPublic = data.get("confirmPublic") === "on";
    for (const secret of ["key", "secret"]) if (data.get(secret)) body[secret] = data.get(secret);
    action.run(async () => {
      await api("PUT", `${appPath(name)}/s3`, body);
      form.reset();
      onChanged();
    }, "S3 settings saved.");
  };
  const v = s3.data;
  return html`<section aria-labelledby="s3-title">
    <h3 id="s3-title">S3</h3>
    <${Message} error=${s3.error} />
    ${v && html`<form onSubmit=${submit} key=${JSON.stringify(v)}>
      <fieldset disabled=${!writable || action.busy}>
        <legend class="visually-hidden">S3 storage for recordings</legend>
        <p class="hint">${v.configured ? `Recordings upload to bucket ${v.bucket}.` : "Not configured: no bucket."}</p>
        <${Select} label="Provider" name="provider" value=${v.provider} options=${["aws", "s3-compatible"]} />
        <${Field} label="Bucket" name="bucket" defaultValue=${v.bucket} maxlength="255" hint="Empty turns S3 off." />
        <${Field} label="Region" name="region" defaultValue=${v.region} maxlength="64" />
        <${Field} label="Endpoint" name="endpoint" type="url" defaultValue=${v.endpoint} hint="For S3-compatible stores; empty for AWS." />
        <${Check} label="Path-style addressing" name="forcePathStyle" defaultChecked=${v.forcePathStyle} />
        <${Field} label="Key prefix" name="prefix" defaultValue=${v.prefix} maxlength="255" />
        <${Field} label="Public URL" name="public_url" type="url" defaultValue=${v.public_url} hint="When set, VOD links are public instead of presigned." />
        <${Check} label="I want VODs served from this public URL" name="confirmPublic" />
        <${Field} label="Access key id" name="key" type="password" autocomplete="off" placeholder=${v.keySet ? "set (type to replace)" : "not set"} hint="Write-only: never shown. The API can replace it but not remove it." />
        <${Field} label="Secret access key" name="secret" type="password" autocomplete="off" placeholder=${v.secretSet ? "set (type to replace)" : "not set"} hint="Write-only: never shown. The API can replace it but not remove it." />
      </fieldset>
      <${Message} error=${action.error} info=${action.info} />
      ${writable ? html`<button type="submit" disabled=${action.busy}>Save S3 settings</button>` : html`<p class="hint">Your role can view these settings but not change them.</p>`}
    </form>`}
  </section>`;
}

const LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"];

export function MqttBlock({ name, writable, version, onChanged }) {
  const mqtt = useLoad(() => api("GET", `${appPath(name)}/mqtt`), [name, version]);
  const action = useAction();
  const submit = (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const v = mqtt.data;
    const number = (key, fallback) => (data.get(key) === "" ? fallback : Number(data.get(key)));
    const body = changes(v, {
      enabled: data.get("enabled") === "on",
      url: data.get("url"),
      username: data.get("username"),
      passwordEnv: data.get("passwordEnv"),
      topicPrefix: data.get("topicPrefix"),
      qos: Number(data.get("qos")),
      tls: data.get("tls") === "on",
      events: String(data.get("events")).split(",").map((e) => e.trim()).filter(Boolean),
      logs: { enabled: data.get("logsEnabled") === "on", level: data.get("logsLevel") },
      latencyAlert: {
        enabled: data.get("alertEnabled") === "on",
        thresholdMs: number("thresholdMs", v.latencyAlert.thresholdMs),
        cooldownSeconds: number("cooldownSeconds", v.latencyAlert.cooldownSeconds),
        intervalSeconds: number("intervalSeconds", v.latencyAlert.intervalSeconds),
      },
    });
    // Omitted keeps the stored password; empty removes it.
    if (data.get("password")) body.password = data.get("password");
    else if (data.get("removePassword") === "on") body.password = "";
    action.run(async () => {
      await api("PUT", `${appPath(name)}/mqtt`, body);
      form.reset();
      onChanged();
    }, "MQTT settings saved.");
  };
  const v = mqtt.data;
  return html`<section aria-labelledby="mqtt-title">
    <h3 id="mqtt-title">MQTT and latency alerts</h3>
    <${Message} error=${mqtt.error} />
    ${v && html`<form onSubmit=${submit} key=${JSON.stringify(v)}>
      <fieldset disabled=${!writable || action.busy}>
        <legend class="visually-hidden">MQTT publishing</legend>
        <p class="hint">${v.configured ? "Publishing events to the broker." : "Not publishing (off, or no broker URL)."}</p>
        <${Check} label="MQTT enabled" name="enabled" defaultChecked=${v.enabled} />
        <${Field} label="Broker URL" name="url" defaultValue=${v.url} hint="mqtt://, mqtts://, ws:// or wss://; empty turns MQTT off." />
        <${Field} label="Username" name="username" defaultValue=${v.username} autocomplete="off" />
        <${Field} label="MQTT password" name="password" type="password" autocomplete="off" placeholder=${v.hasPassword ? "set (type to replace)" : "not set"} hint="Write-only: the password is never shown." />
        ${v.hasPassword && html`<${Check} label="Remove the stored MQTT password" name="removePassword" />`}
        <${Field} label="Password variable" name="passwordEnv" defaultValue=${v.passwordEnv} hint="Read when no password is stored; only this app's own APP_<SLUG>_MQTT_PASSWORD or APP_<SLUG>_MQTT_PASSWORD_<PART> may be named." />
        <${Field} label="Topic prefix" name="topicPrefix" defaultValue=${v.topicPrefix} />
        <${Select} label="QoS" name="qos" value=${v.qos} options=${[0, 1, 2]} />
        <${Check} label="TLS" name="tls" defaultChecked=${v.tls} />
        <${Field} label="Events" name="events" defaultValue=${v.events.join(", ")} hint="Comma-separated event names, or all." />
        <${Check} label="Forward app logs" name="logsEnabled" defaultChecked=${v.logs.enabled} />
        <${Select} label="Lowest log level forwarded" name="logsLevel" value=${v.logs.level} options=${LEVELS} />
        <fieldset class="features">
          <legend>Latency alerts</legend>
          <${Check} label="Latency alerts enabled" name="alertEnabled" defaultChecked=${v.latencyAlert.enabled} />
          <${Field} label="Threshold (ms)" name="thresholdMs" type="number" min="1" max="60000" defaultValue=${v.latencyAlert.thresholdMs} />
          <${Field} label="Cooldown (seconds)" name="cooldownSeconds" type="number" min="0" max="86400" defaultValue=${v.latencyAlert.cooldownSeconds} />
          <${Field} label="Probe every (seconds)" name="intervalSeconds" type="number" min="2" max="3600" defaultValue=${v.latencyAlert.intervalSeconds} />
        </fieldset>
      </fieldset>
      <${Message} error=${action.error} info=${action.info} />
      ${writable ? html`<button type="submit" disabled=${action.busy}>Save MQTT settings</button>` : html`<p class="hint">Your role can view these settings but not change them.</p>`}
    </form>`}
  </section>`;
}
