import { z } from 'zod';
import { hasControlCharacter } from '../engagement/schemas.ts';
import { isFileContentPath } from '../files/file-urls.ts';

/**
 * Session documents (issue 34, the sidebar's Docs tab): files organisers upload (the general
 * upload, preset `document`) and links they add to a session; attendees open them in the Docs tab.
 */
export const SESSION_DOCUMENT_KINDS = ['file', 'link'] as const;
export type SessionDocumentKind = (typeof SESSION_DOCUMENT_KINDS)[number];
/** A session holds at most this many documents. */
export const SESSION_DOCUMENTS_MAX = 50;
export const SESSION_DOCUMENT_TITLE_MAX_LENGTH = 200;

export const sessionDocumentMessages = {
  fileAddress: 'Upload the file again: it must be a file stored by the studio.',
  linkAddress: 'Enter a web address starting with http:// or https://.',
  tooMany: `A session holds at most ${SESSION_DOCUMENTS_MAX} documents.`,
} as const;

const webAddress = z.url({ protocol: /^https?$/ });

export const sessionDocumentSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  kind: z.enum(SESSION_DOCUMENT_KINDS),
  title: z.string(),
  /** A link's web address, or a file's content path (`/api/files/…`, served by both origins). */
  url: z.string(),
  created_at: z.string(),
});
export type SessionDocument = z.infer<typeof sessionDocumentSchema>;

/** A file's address is a stored file's content path; a link's an http(s) address. */
export const createSessionDocumentBody = z
  .object({
    kind: z.enum(SESSION_DOCUMENT_KINDS),
    title: z
      .string()
      .trim()
      .min(1, 'Give the document a title.')
      .max(SESSION_DOCUMENT_TITLE_MAX_LENGTH)
      .refine((value) => !hasControlCharacter(value), 'Contains characters that are not allowed'),
    url: z.string().trim().max(2000),
  })
  .superRefine((body, context) => {
    const valid = body.kind === 'file' ? isFileContentPath(body.url) : webAddress.safeParse(body.url).success;
    if (!valid)
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message:
          body.kind === 'file' ? sessionDocumentMessages.fileAddress : sessionDocumentMessages.linkAddress,
      });
  });
export type CreateSessionDocument = z.infer<typeof createSessionDocumentBody>;

/** The studio's calls: `GET`/`POST` the session's documents, `DELETE` one. */
export const sessionDocumentsPath = (sessionId: string) => `/api/event/broadcasts/${sessionId}/documents/`;
export const sessionDocumentPath = (sessionId: string, documentId: string) =>
  `${sessionDocumentsPath(sessionId)}${documentId}/`;

/** The event app's call (GET `?session_id=`): the session's documents. */
export const sessionDocumentAttendeeCalls = { documents: 'documents' } as const;
export const sessionDocumentsQuery = z.object({ session_id: z.string().uuid() });
