import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** What a sealed value is for; each purpose gets its own key derived from the master key. */
export type SecretPurpose = "totp" | "app-secrets";

const VERSION = "v1";

/**
 * Encryption at rest for secrets kept in SQLite (TOTP seeds, app credentials): AES-256-GCM with a
 * per-purpose key derived by HKDF from the master key, a random nonce per value, and the record it
 * belongs to bound in as associated data, so a ciphertext copied onto another row fails to open.
 */
export class SecretBox {
  private readonly keys = new Map<SecretPurpose, Buffer>();

  constructor(private readonly masterKey: string) {}

  seal(purpose: SecretPurpose, binding: string, plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key(purpose), iv);
    cipher.setAAD(Buffer.from(`${purpose}:${binding}`));
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [VERSION, iv.toString("base64url"), data.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
  }

  /** Undefined when the value was tampered with, bound to another record, or sealed under another key. */
  open(purpose: SecretPurpose, binding: string, sealed: string): string | undefined {
    const [version, iv, data, tag] = sealed.split(".");
    if (version !== VERSION || iv === undefined || data === undefined || tag === undefined) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key(purpose), Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(`${purpose}:${binding}`));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      return undefined;
    }
  }

  private key(purpose: SecretPurpose): Buffer {
    let key = this.keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync("sha256", this.masterKey, "service-core", `secret-box:${purpose}`, 32));
      this.keys.set(purpose, key);
    }
    return key;
  }
}
