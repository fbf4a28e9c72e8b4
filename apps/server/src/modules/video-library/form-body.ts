import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http/errors.ts';

/** A file part of a multipart body. */
export interface FormFile {
  filename: string;
  type: string;
  data: Buffer;
}

const FORM_LIMIT_BYTES = 20 * 1024 * 1024;
const files = new WeakMap<FastifyRequest, Record<string, FormFile>>();

/** The file parts of a request whose body was a multipart form. */
export const formFiles = (request: FastifyRequest): Record<string, FormFile> => files.get(request) ?? {};

/**
 * Spec 000 §7: the create call sends a form-style body with no explicit content type — a browser
 * FormData (multipart) — so this scope reads multipart/form-data and urlencoded bodies besides
 * JSON. Text fields become the body; file parts are kept aside (formFiles).
 */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    ['multipart/form-data', 'application/x-www-form-urlencoded'],
    { parseAs: 'buffer', bodyLimit: FORM_LIMIT_BYTES },
    (request, body, done) => {
      const contentType = request.headers['content-type'] ?? '';
      new Response(body as Buffer, { headers: { 'content-type': contentType } })
        .formData()
        .then(async (form) => {
          const fields: Record<string, string> = {};
          const parts: Record<string, FormFile> = {};
          for (const [name, value] of form.entries()) {
            if (typeof value === 'string') fields[name] = value;
            else if (value.size > 0)
              parts[name] = {
                filename: value.name,
                type: value.type,
                data: Buffer.from(await value.arrayBuffer()),
              };
          }
          files.set(request, parts);
          done(null, fields);
        })
        .catch(() => done(new HttpError(400, 'VALIDATION_ERROR', 'The form could not be read.'), undefined));
    },
  );
}
