/** node-postgres turns parameter values into text here (arrays, dates, objects, buffers); see db/pglite-statements.ts. */
declare module "pg/lib/utils.js" {
  export function prepareValue(value: unknown): string | Buffer | null;
}
