import type { Compilable } from 'kysely';
import type { Executor } from './executor.ts';

const marker = (index: number) => `\u0001prepared-argument-${index}`;

/** The statement names of the compiled texts, shared by every database handle of the process. */
const statementNames = new Map<string, string>();

/**
 * The name PostgreSQL keeps a compiled text under as a prepared statement (parsed and planned once
 * per connection, see database.ts); undefined for every other statement.
 */
export const preparedStatementName = (text: string): string | undefined => statementNames.get(text);

/**
 * A query built and compiled once: each run only puts its arguments where the placeholders were,
 * and answers every row. For the statements every signed-in request runs — building and compiling
 * a Kysely query costs about as much as sending it. `build` receives one placeholder per argument
 * and must use each as a plain value (not in a raw SQL fragment that changes the text).
 */
export function preparedRows<A extends unknown[], Row>(
  db: Executor,
  arity: A['length'],
  build: (...placeholders: string[]) => Compilable<Row>,
): (...args: A) => Promise<Row[]> {
  const compiled = build(...Array.from({ length: arity }, (_, index) => marker(index))).compile();
  const slots = compiled.parameters.map((value) =>
    Array.from({ length: arity }, (_, index) => marker(index)).indexOf(value as string),
  );
  if (slots.filter((slot) => slot >= 0).length < arity)
    throw new Error('a placeholder of a prepared query is unused');
  if (!statementNames.has(compiled.sql))
    statementNames.set(compiled.sql, `studio_${statementNames.size + 1}`);
  return async (...args) => {
    const parameters = compiled.parameters.map((value, index) =>
      slots[index]! >= 0 ? args[slots[index]!] : value,
    );
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters });
    return [...rows];
  };
}

/** `preparedRows` answering its first row (undefined when none). */
export function preparedQuery<A extends unknown[], Row>(
  db: Executor,
  arity: A['length'],
  build: (...placeholders: string[]) => Compilable<Row>,
): (...args: A) => Promise<Row | undefined> {
  const rows = preparedRows<A, Row>(db, arity, build);
  return async (...args) => (await rows(...args))[0];
}
