// A D1 binding that calls `before(sql)` ahead of every statement it runs (alone or in a batch):
// the bench's D1-counting build counts there (./d1-count/worker.ts), the faults build fails there
// while D1 is "down" (../faults/worker.ts). Everything else goes to the real binding.

type BeforeStatement = (sql: string) => void;

/** `onBatch(size)` is called ahead of every `batch()`, after `before` for each of its statements. */
export function wrappedD1(db: D1Database, before: BeforeStatement, onBatch?: (size: number) => void): D1Database {
  const originals = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const sqlOf = new WeakMap<D1PreparedStatement, string>();
  const statementOf = (original: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const statement = {
      bind: (...values: unknown[]) => statementOf(original.bind(...values), sql),
      first: (column?: string) => (before(sql), column === undefined ? original.first() : original.first(column)),
      all: () => (before(sql), original.all()),
      run: () => (before(sql), original.run()),
      raw: (options?: { columnNames?: boolean }) => (before(sql), original.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    originals.set(statement, original);
    sqlOf.set(statement, sql);
    return statement;
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => statementOf(target.prepare(sql), sql);
      if (key === "batch") {
        return (statements: D1PreparedStatement[]) => {
          for (const statement of statements) before(sqlOf.get(statement) ?? "");
          onBatch?.(statements.length);
          return target.batch(statements.map((statement) => originals.get(statement) ?? statement));
        };
      }
      if (key === "exec") return (sql: string) => (before(sql), target.exec(sql));
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
