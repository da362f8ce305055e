-- An API token minted by a person can do at most what that person's role can.
ALTER TABLE api_tokens ADD COLUMN role_cap TEXT CHECK (role_cap IN ('owner', 'admin', 'member'));
-- Invites are accepted with a secret mailed to the invited address, not by knowing the address.
ALTER TABLE invites ADD COLUMN code_hash TEXT;
CREATE UNIQUE INDEX invites_by_code ON invites(code_hash);
