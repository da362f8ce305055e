-- Row leases on the webhook outbox (docs/events.md): a node delivers only the pending rows it
-- holds, `leased_by` naming it (SERVICE_NODE_ID) until `lease_until` (ms since the epoch), which
-- it renews while it delivers. A lease that runs out (its node died) may be claimed by another
-- node. Finished rows keep the node that finished them.
ALTER TABLE callback_deliveries ADD COLUMN leased_by TEXT;
ALTER TABLE callback_deliveries ADD COLUMN lease_until INTEGER NOT NULL DEFAULT 0;
