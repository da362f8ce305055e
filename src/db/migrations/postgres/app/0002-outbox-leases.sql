-- As SQLite's app migration 0012: row leases on the webhook outbox.
ALTER TABLE callback_deliveries ADD COLUMN leased_by TEXT;
ALTER TABLE callback_deliveries ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
