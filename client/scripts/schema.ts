import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";

/** Where the generated types live, committed so the client builds without a running service. */
export const SCHEMA_FILE = new URL("../src/schema.d.ts", import.meta.url);

const HEADER = `/**
 * The service's API as TypeScript types: generated from /api/v1/openapi.json by
 * \`npm run client:generate\`. Do not edit; a test fails when this file and the service differ.
 */

`;

/**
 * The service's OpenAPI document as its own route answers it: the service is built in-process on
 * a throwaway data dir and a loopback port, so the document is exactly what a deployment serves
 * (with no public URL prefix), and nothing outside this process is needed.
 */
export async function serviceDocument(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "service-core-client-"));
  try {
    const env = { SERVICE_HOST: "127.0.0.1", SERVICE_PORT: "0", SERVICE_DATA_DIR: dataDir, SERVICE_LOG_STDOUT: "off", METRICS_DEFAULT_METRICS: "off" };
    const app = await buildApp(loadConfig(env));
    try {
      const port = await app.listen();
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`);
      if (!res.ok) throw new Error(`GET /api/v1/openapi.json answered ${res.status}`);
      return (await res.json()) as OpenAPI3;
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The text of `client/src/schema.d.ts` for the service as it is now. */
export async function generatedSchema(): Promise<string> {
  const ast = await openapiTS(await serviceDocument());
  return HEADER + astToString(ast);
}
