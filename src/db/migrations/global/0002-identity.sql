-- Tenants (teams), their people, and every credential kind of SPEC 5.
CREATE TABLE teams (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  plan TEXT NOT NULL DEFAULT 'free',
  created_at TEXT NOT NULL
);

-- One team per user: signup creates it, an invite adds the user to the inviter's team.
-- The break-glass admin has a username, no email and no team.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT UNIQUE,
  username TEXT UNIQUE,
  password_hash TEXT NOT NULL,
  superadmin INTEGER NOT NULL DEFAULT 0,
  team_id INTEGER REFERENCES teams(id) ON DELETE SET NULL,
  role TEXT CHECK (role IN ('owner', 'admin', 'member')),
  totp_secret TEXT,
  totp_pending TEXT,
  totp_last_step INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (email IS NOT NULL OR username IS NOT NULL)
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ip TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX sessions_by_user ON sessions(user_id, created_at);

CREATE TABLE invites (
  id INTEGER PRIMARY KEY,
  team_id INTEGER NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
  invited_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  accepted_at TEXT
);
CREATE INDEX invites_by_email ON invites(email);

CREATE TABLE magic_links (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

-- The registry row of an app: identity and tenancy. The apps domain adds its other columns.
CREATE TABLE apps (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  team_id INTEGER REFERENCES teams(id) ON DELETE RESTRICT,
  created_at TEXT NOT NULL
);

CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  scope TEXT NOT NULL CHECK (scope IN ('global', 'app')),
  app_id INTEGER REFERENCES apps(id) ON DELETE CASCADE,
  team_id INTEGER REFERENCES teams(id) ON DELETE CASCADE,
  allowed_ips TEXT NOT NULL DEFAULT '[]',
  token_hash TEXT NOT NULL UNIQUE,
  hint TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT,
  CHECK ((scope = 'app') = (app_id IS NOT NULL))
);
