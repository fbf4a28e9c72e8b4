import { isDeepStrictEqual } from 'node:util';
import { createSerializerCompiler, type serializerCompiler } from 'fastify-type-provider-zod';

type AnswerSerializer = typeof serializerCompiler;

/**
 * How answers become JSON. Every route keeps its zod response schema (OpenAPI, tests). A studio
 * that checks answers (tests; the default) encodes each answer with its schema and refuses one the
 * schema would change — a field it does not declare, a default it fills in — so a studio that does
 * not (production) sends exactly what a check would have passed, with a plain `JSON.stringify`.
 */
export function answerSerializer(checkAnswers: boolean): AnswerSerializer {
  if (!checkAnswers) return () => (data) => JSON.stringify(data);
  const encoderOf = createSerializerCompiler({});
  return (route) => {
    const encode = encoderOf(route);
    return (data) => {
      const json = encode(data);
      if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(data) ?? 'null')))
        throw new Error(`${route.method} ${route.url}: the answer differs from its schema's encoding`);
      return json;
    };
  };
}

/**
 * The fields an answer takes from its row as they are (same name, same type), for mappers that
 * name only what they change. An answer is still an allow-list: a field not named here or in the
 * mapper never leaves, and the checking serializer refuses one the schema does not declare.
 */
export function sameFields<Row, Key extends keyof Row>(row: Row, keys: readonly Key[]): Pick<Row, Key> {
  const fields = {} as Pick<Row, Key>;
  for (const key of keys) fields[key] = row[key];
  return fields;
}

/** A row's creation and last change, as the answers' ISO 8601 strings. */
export function timestampsOf(row: { created_at: Date; updated_at: Date }) {
  return { created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
