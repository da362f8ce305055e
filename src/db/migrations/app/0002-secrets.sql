-- The app's secrets store: S3 key and secret, callback HMAC key, MQTT password. Values are
-- sealed (AES-256-GCM under the master key), never plaintext, never in config.yaml.
CREATE TABLE secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
