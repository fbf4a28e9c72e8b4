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
