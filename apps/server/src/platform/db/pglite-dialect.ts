import { parse, protocol, type messages, type PGlite, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { preparedStatementName } from './prepared.ts';

/**
 * Kysely dialect for embedded PGlite. PGlite is one connection, so the driver hands it out
 * exclusively: a transaction holds it until COMMIT/ROLLBACK and no other query can slip into it.
 */
export class PGliteDialect implements Dialect {
  private readonly driver: PGliteDriver;

  constructor(client: PGlite) {
    this.driver = new PGliteDriver(client);
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return this.driver;
  }
  /**
   * Runs `work` with the PGlite connection held exclusively, queued behind (and ahead of) Kysely's
   * own queries and transactions: the door for other clients of the same database (the job queue).
   */
  exclusive<T>(work: (client: PGlite) => Promise<T>): Promise<T> {
    return this.driver.exclusive(work);
  }
  /** How many statements so far may have written (anything but a SELECT, and every exclusive use). */
  writes(): number {
    return this.driver.writes;
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;
  writes = 0;

  constructor(private readonly client: PGlite) {
    this.connection = new PGliteConnection(client, () => this.writes++);
  }

  async init() {}

  async exclusive<T>(work: (client: PGlite) => Promise<T>): Promise<T> {
    await this.acquireConnection();
    this.writes++;
    try {
      return await work(this.client);
    } finally {
      await this.releaseConnection();
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
    return Promise.resolve();
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async destroy() {
    await this.queue;
    await this.client.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  /** The named statements parsed on the one connection so far, with their parameters' types. */
  private readonly parameterTypes = new Map<string, number[]>();

  constructor(
    private readonly client: PGlite,
    private readonly wrote: () => void,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const kind = compiledQuery.query.kind;
    // Counted before it runs: a read that starts after this statement began is never kept as newer.
    if (kind !== 'SelectQueryNode') this.wrote();
    const name = preparedStatementName(compiledQuery.sql);
    const result = name
      ? await this.runNamed<R>(name, compiledQuery.sql, compiledQuery.parameters)
      : await this.client.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const writes = kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode';
    return {
      rows: result.rows,
      ...(writes && result.affectedRows !== undefined
        ? { numAffectedRows: BigInt(result.affectedRows) }
        : {}),
    };
  }

  /**
   * A hot statement (`preparedQuery`) as PGlite's `query` runs one, but named: parsed (and its
   * parameters described) once, then only bound and executed, so PostgreSQL keeps its plan as it
   * does on a server's connection.
   */
  private runNamed<R>(name: string, text: string, parameters: readonly unknown[]): Promise<Results<R>> {
    const { serialize } = protocol;
    const send = (message: Uint8Array) => this.client.execProtocolStream(message, { syncToFs: false });
    return this.client.runExclusive(async () => {
      const received: messages.BackendMessage[] = [];
      try {
        let types = this.parameterTypes.get(name);
        if (!types) {
          await send(serialize.parse({ name, text }));
          types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
          this.parameterTypes.set(name, types);
        }
        const values = parameters.map((value, index) => {
          if (value === null || value === undefined) return null;
          const serializer = this.client.serializers[types[index]!];
          return serializer ? serializer(value) : (value as { toString(): string }).toString();
        });
        received.push(
          ...(await send(serialize.bind({ statement: name, values }))),
          ...(await send(serialize.describe({ type: 'P' }))),
          ...(await send(serialize.execute({}))),
        );
      } finally {
        received.push(...(await send(serialize.sync())));
      }
      await this.client.syncToFs();
      return parse.parseResults(received, this.client.parsers)[0] as Results<R>;
    });
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results.');
  }
}
