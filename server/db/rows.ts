/** The rows of a `db.execute(sql...)` result (node-postgres and PGlite both answer `{ rows }`), typed by the caller. */
export const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
