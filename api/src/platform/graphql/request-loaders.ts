/**
 * Per-operation batching (a small DataLoader): every key asked for in one tick is answered by one
 * database query, e.g. FileSet.result / .processing on the project page, LedgerEvent.user / .actor
 * in the ledger explorer (no N+1).
 */
export class Batcher<V> {
  private pending = new Map<string, Array<(v: V | null) => void>>();
  private failures = new Map<string, Array<(e: unknown) => void>>();
  private scheduled = false;

  constructor(private readonly load: (keys: string[]) => Promise<Map<string, V>>) {}

  get(key: string): Promise<V | null> {
    return new Promise((resolve, reject) => {
      this.pending.set(key, [...(this.pending.get(key) ?? []), resolve]);
      this.failures.set(key, [...(this.failures.get(key) ?? []), reject]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    const fails = this.failures;
    this.pending = new Map();
    this.failures = new Map();
    this.scheduled = false;
    try {
      const values = await this.load([...batch.keys()]);
      for (const [k, resolvers] of batch) for (const r of resolvers) r(values.get(k) ?? null);
    } catch (err) {
      for (const rejects of fails.values()) for (const r of rejects) r(err);
    }
  }
}

/** One set of batchers per GraphQL operation (the context object). */
export function perContext<T>(make: () => T): (ctx: object) => T {
  const map = new WeakMap<object, T>();
  return (ctx) => {
    let v = map.get(ctx);
    if (!v) map.set(ctx, (v = make()));
    return v;
  };
}
