-- When an app's registry row or config last changed.
ALTER TABLE apps ADD COLUMN updated_at TEXT;
