import { sql, type RawBuilder } from "kysely";
import type { App } from "../../src/app.ts";
import { appSchema } from "../../src/db/postgres.ts";

/**
 * Rows a test reads or sets up behind the API's back, on whichever backend the service runs
 * (SQLite or PostgreSQL): queries are Kysely's `sql` template, so values are bound parameters on
 * both. An app's tables are named with the `table` the query is given (`(t) => sql\`… ${t("vods")}\``):
 * the app's schema on PostgreSQL, which the app's handle does not add to a raw query. Write portable SQL: compare to NULL rather than reading `IS NULL`
 * back (a 0/1 on SQLite, a boolean on PostgreSQL); `count(*)` comes back as a number on both, but a
 * `SUM` of integers is numeric text on PostgreSQL unless cast to BIGINT.
 * Like the raw statements these replace, such a write reaches no cache: it is for set-ups the
 * service reads afresh, or waits out.
 */
type Service = { readonly app: Pick<App, "databases"> };

/** `query` on the global tables; its rows. */
export async function globalRows<R>(server: Service, query: RawBuilder<R>): Promise<R[]> {
  return (await query.execute(server.app.databases.sql)).rows;
}

/** Names one of an app's tables in a raw query. */
export type AppTable = (name: string) => RawBuilder<unknown>;

/** `query` on app `app`'s tables, each named with `table`; its rows. */
export async function appRows<R>(server: Service, app: string, query: (table: AppTable) => RawBuilder<R>): Promise<R[]> {
  const { databases } = server.app;
  const table: AppTable = (name) => sql.table(databases.dialect === "postgres" ? `${appSchema(app)}.${name}` : name);
  return (await query(table).execute(databases.appSql(app))).rows;
}

/** The first row of `query` on the global tables, or undefined. */
export async function globalRow<R>(server: Service, query: RawBuilder<R>): Promise<R | undefined> {
  return (await globalRows(server, query))[0];
}

/** The first row of `query` on app `app`'s tables, or undefined. */
export async function appRow<R>(server: Service, app: string, query: (table: AppTable) => RawBuilder<R>): Promise<R | undefined> {
  return (await appRows(server, app, query))[0];
}
