import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generatedSchema, SCHEMA_FILE } from "./schema.ts";

/** `npm run client:generate`: rewrites client/src/schema.d.ts from the service's route table. */
writeFileSync(SCHEMA_FILE, await generatedSchema());
process.stdout.write(`wrote ${fileURLToPath(SCHEMA_FILE)}\n`);
