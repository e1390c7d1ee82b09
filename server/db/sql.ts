/**
 * The one door to the database. The repositories write plain SQL with `?` placeholders that
 * both stores understand, and await every call: the embedded SQLite file answers at once,
 * PostgreSQL over the network. Each store keeps its statements prepared.
 */
export type SqlValue = string | number | null;

export interface Sql {
  readonly dialect: 'sqlite' | 'postgres';
  all<Row>(text: string, params?: readonly SqlValue[]): Promise<Row[]>;
  get<Row>(text: string, params?: readonly SqlValue[]): Promise<Row | undefined>;
  /** Runs a write; resolves to the number of rows it changed. */
  run(text: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * A write whose answer nobody reads. Inside a transaction PostgreSQL may send it with the
   * transaction's next statement or its COMMIT, so its error (a broken constraint) may come
   * from that later call, which then rolls the whole transaction back as any failure does.
   */
  write(text: string, params?: readonly SqlValue[]): Promise<void>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * Statements inside go through `tx`; nothing else runs on that connection meanwhile.
   */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Where the server keeps its data: the embedded file by default, PostgreSQL when DATABASE_URL names one. */
export type StoreConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export function storeFromEnv(env: NodeJS.ProcessEnv, defaultFile: string): StoreConfig {
  const url = env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  return { kind: 'sqlite', file: env.DATABASE_PATH ?? defaultFile };
}

/** What the start message shows: never the password of a connection string. */
export function describeStore(config: StoreConfig): string {
  if (config.kind === 'sqlite') return config.file;
  try {
    const url = new URL(config.url);
    if (url.password) url.password = '***';
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL illisible)';
  }
}
