import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server as TusServer } from '@tus/server';
import {
  serverMessages,
  videoLibraryMessages,
  videoLibraryServerMessages,
  UPLOADER_DEFAULT_MAX_BYTES,
} from '@studio/domain';
import { checkMediaTools, VIDEO_PROCESSING_UNAVAILABLE } from '@studio/media';
import type { Caller } from '../../platform/http/caller.ts';
import { studioUrlBase } from '../../platform/http/studio-url.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import type { S3Settings } from '../../config.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import {
  hasPermission,
  requireOrganizationOrContentSpace,
  type OrganizationCaller,
} from '../../platform/http/access-rules.ts';
import {
  isAcceptedImage,
  isLibraryVideo,
  parseUploadMetadata,
  SNIFF_BYTES,
  sniffContent,
} from './content-sniffing.ts';
import {
  CHECKSUM_ALGORITHMS,
  parseUploadChecksum,
  verifyChecksums,
  withChecksum,
  type ExpectedChecksum,
} from './tus-checksum.ts';
import { createDatabaseLocker, type DatabaseLockerTiming } from './tus-locker.ts';
import { ContentRefused, createTusStore, sniffWrites, uploadObjectKey } from './tus-store.ts';
import type { UploadRecord, UploadsRepository } from './uploads.repository.ts';

export const UPLOAD_KINDS = ['video', 'image'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export interface UploadsSettings {
  dataDir: string;
  s3?: S3Settings | undefined;
  publicUrl: string;
  videoMaxBytes: number;
  expirationHours: number;
  /** The tus locks' timing on the database (tests shorten it). */
  locks?: Partial<DatabaseLockerTiming> | undefined;
}

/** Where a request's pre-chosen upload id travels from our checks to tus's naming function. */
const chosenIds = new WeakMap<IncomingMessage, string>();
/** What a creation's Location starts with, by its caller (studioUrlBase), for tus's generateUrl. */
const urlBases = new WeakMap<IncomingMessage, string>();

const refused = (status: number, code: string, message: string) => new HttpError(status, code, message);
const jsonBody = (code: string, message: string) => JSON.stringify({ message, code });

/**
 * Resumable uploads (tus 1.0: creation, creation-with-upload, termination, expiration, and checksum
 * where the store can roll a chunk back) at /api/uploads/. Each upload belongs to an organisation;
 * its size is checked when it is created and its content by its first bytes (SVG refused
 * everywhere, MP4 only for library videos) before anything is stored, and again when it finishes.
 * tus's locks live on the database, so several API nodes can serve the same uploads.
 */
export function createUploadsService(deps: {
  uploads: UploadsRepository;
  storage: ObjectStore;
  settings: UploadsSettings;
}) {
  const { uploads, storage, settings } = deps;
  const { store, storeId, uploadIdOf, rollback } = createTusStore({
    dataDir: settings.dataDir,
    s3: settings.s3,
    expirationMs: settings.expirationHours * 3600_000,
  });
  const maxBytes = (kind: UploadKind) =>
    kind === 'video' ? settings.videoMaxBytes : UPLOADER_DEFAULT_MAX_BYTES;

  function contentProblem(kind: string, head: Buffer, complete: boolean): ContentRefused | null {
    const content = sniffContent(head);
    if (content === 'svg')
      return new ContentRefused(415, jsonBody('SVG_NOT_ALLOWED', videoLibraryMessages.svgNotAllowed));
    // Too few bytes to tell yet (a tiny first chunk): the finished upload is checked again.
    if (!complete && head.length < 12) return null;
    if (kind === 'video' && !isLibraryVideo(content))
      return new ContentRefused(415, jsonBody('UNSUPPORTED_FILE_TYPE', videoLibraryServerMessages.notMp4));
    if (kind === 'image' && !isAcceptedImage(content)) {
      return new ContentRefused(
        415,
        jsonBody('UNSUPPORTED_FILE_TYPE', videoLibraryServerMessages.thumbnailNotImage),
      );
    }
    return null;
  }

  async function discard(upload: UploadRecord) {
    await store.remove(storeId(upload.id)).catch(() => undefined);
    await uploads.delete(upload.id);
  }

  // An upload's record goes with its bytes (a termination included), before tus answers.
  const removeFromStore = store.remove.bind(store);
  store.remove = async (id) => {
    await removeFromStore(id);
    await uploads.delete(uploadIdOf(id));
  };

  sniffWrites(store, async (id, head) => {
    const upload = await uploads.find(uploadIdOf(id));
    const problem = upload ? contentProblem(upload.kind, head, head.length >= upload.size) : null;
    if (upload && problem) {
      await discard(upload);
      throw problem;
    }
  });

  // Checksums only where a mismatching chunk can be dropped again (not on S3: see tus-store.ts).
  if (rollback) {
    verifyChecksums(store, rollback);
    store.extensions = [...store.extensions, 'checksum'];
  }

  const tus = new TusServer({
    path: '/api/uploads',
    datastore: store,
    locker: createDatabaseLocker(uploads, uploadIdOf, settings.locks),
    allowedHeaders: ['Upload-Checksum'],
    exposedHeaders: ['Tus-Checksum-Algorithm'],
    maxSize: settings.videoMaxBytes,
    respectForwardedHeaders: false,
    namingFunction: (request) => {
      const node = (request as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
      const id = node && chosenIds.get(node);
      if (!id) throw new Error('upload id was not chosen');
      return storeId(id);
    },
    getFileIdFromRequest: (_request, lastPath) =>
      lastPath && /^[0-9a-f]{32}$/.test(lastPath) ? storeId(lastPath) : undefined,
    generateUrl: (request, { id }) => {
      const node = (request as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
      const base = (node && urlBases.get(node)) ?? settings.publicUrl;
      return `${base}/api/uploads/${uploadIdOf(id)}`;
    },
    onUploadFinish: async (_request, upload) => {
      const record = await uploads.find(uploadIdOf(upload.id));
      if (!record) throw new ContentRefused(404, jsonBody('NOT_FOUND', 'Not found.'));
      const head = await readHead(record.object_key);
      const problem = contentProblem(record.kind, head, true);
      if (problem) {
        await discard(record);
        throw problem;
      }
      await uploads.markCompleted(record.id);
      return {};
    },
  });

  async function readHead(key: string): Promise<Buffer> {
    const object = await storage.get(key, { start: 0, end: SNIFF_BYTES - 1 }).catch(() => null);
    if (!object) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  return {
    /** The algorithms OPTIONS advertises (Tus-Checksum-Algorithm); none when the store cannot roll back. */
    checksumAlgorithms: rollback ? [...CHECKSUM_ALGORITHMS] : [],

    /**
     * Reads a PATCH's (or creation-with-upload's) Upload-Checksum: 400 for an algorithm we do not
     * support (every one, on a store without checksums) or a malformed value.
     */
    announcedChecksum(raw: IncomingMessage): ExpectedChecksum | undefined {
      const value = header(raw, 'upload-checksum');
      if (value === undefined) return undefined;
      const parsed = parseUploadChecksum(value);
      if (parsed === 'invalid')
        throw refused(400, 'INVALID_CHECKSUM', 'Upload-Checksum must be an algorithm and a Base64 digest.');
      if (parsed === 'unsupported' || !rollback) {
        throw refused(
          400,
          'CHECKSUM_ALGORITHM_UNSUPPORTED',
          `Checksum algorithm not supported; use one of: ${rollback ? CHECKSUM_ALGORITHMS.join(', ') : 'none'}.`,
        );
      }
      return parsed;
    },

    /** Hands a request to tus, its announced checksum (if any) verified as the body is stored. */
    handle: (raw: IncomingMessage, response: ServerResponse, checksum?: ExpectedChecksum) =>
      withChecksum(checksum, () => tus.handle(raw, response)),

    /**
     * Checks a creation request before tus sees it: who, what kind, how big, what name and type;
     * records the upload and remembers its id for tus. Refuses with 413 before any byte is stored.
     */
    async prepareCreation(caller: Caller, raw: IncomingMessage): Promise<void> {
      const member = requireOrganizationOrContentSpace(caller);
      const metadata = parseUploadMetadata(header(raw, 'upload-metadata'));
      const withNul = Object.keys(metadata).find((key) => `${key}${metadata[key]}`.includes('\0'));
      if (withNul !== undefined) throw fieldError(withNul, serverMessages.nulCharacter);
      const kind = (metadata.kind ?? 'video') as UploadKind;
      if (!UPLOAD_KINDS.includes(kind)) throw refused(400, 'VALIDATION_ERROR', 'Unknown upload kind.');
      if (kind === 'video' && !hasPermission(member, 'video:update'))
        throw refused(403, 'FORBIDDEN', 'You do not have permission to perform this action.');
      if (kind === 'video' && !(await checkMediaTools()).ready)
        throw refused(422, 'VIDEO_PROCESSING_UNAVAILABLE', VIDEO_PROCESSING_UNAVAILABLE);
      const filename = metadata.filename ?? metadata.name ?? null;
      const filetype = metadata.filetype ?? metadata.type ?? null;
      if (/\.svgz?$/i.test(filename ?? '') || /svg/i.test(filetype ?? ''))
        throw refused(415, 'SVG_NOT_ALLOWED', videoLibraryMessages.svgNotAllowed);
      if (kind === 'video') {
        const namedMp4 = filename === null || /\.mp4$/i.test(filename);
        const typedMp4 = filetype === null || filetype === '' || filetype === 'video/mp4';
        if (!namedMp4 || !typedMp4)
          throw refused(415, 'UNSUPPORTED_FILE_TYPE', videoLibraryServerMessages.notMp4);
      }
      const length = header(raw, 'upload-length');
      if (length === undefined || !/^\d+$/.test(length)) {
        throw refused(
          400,
          'UPLOAD_LENGTH_REQUIRED',
          'Upload-Length is required: the size must be known when the upload is created.',
        );
      }
      const size = Number(length);
      if (size > maxBytes(kind)) throw refused(413, 'FILE_TOO_LARGE', videoLibraryServerMessages.tooLarge);
      const id = randomBytes(16).toString('hex');
      await uploads.insert({
        id,
        organization_id: member.organizationId,
        user_id: member.userId,
        kind,
        filename,
        filetype,
        size,
        object_key: uploadObjectKey(id),
        expires_at: new Date(Date.now() + settings.expirationHours * 3600_000),
      });
      chosenIds.set(raw, id);
      urlBases.set(raw, studioUrlBase(caller, settings.publicUrl));
    },

    /** HEAD, PATCH, DELETE of an upload: only its organisation's members; another's is a 404. */
    async authorizeExisting(caller: Caller, id: string, method: string): Promise<void> {
      const member = requireOrganizationOrContentSpace(caller);
      const upload = /^[0-9a-f]{32}$/.test(id)
        ? await uploads.findInOrganization(member.organizationId, id)
        : undefined;
      if (!upload) throw notFound();
      if (method === 'DELETE' && upload.video_asset_id)
        throw refused(409, 'UPLOAD_IN_USE', videoLibraryServerMessages.uploadAlreadyUsed);
    },

    /** The finished, unused upload an asset may take, from its URL (or bare id). */
    async finishedUpload(caller: OrganizationCaller, uploaded: string): Promise<UploadRecord> {
      const id = /([0-9a-f]{32})\/?(?:[?#].*)?$/.exec(uploaded)?.[1];
      const upload = id ? await uploads.findInOrganization(caller.organizationId, id) : undefined;
      if (!upload || upload.kind !== 'video')
        throw fieldRefusal('uploaded', videoLibraryServerMessages.uploadNotFound, 'UPLOAD_NOT_FOUND');
      if (!upload.completed_at)
        throw fieldRefusal('uploaded', videoLibraryServerMessages.uploadIncomplete, 'UPLOAD_INCOMPLETE');
      if (upload.video_asset_id)
        throw fieldRefusal('uploaded', videoLibraryServerMessages.uploadAlreadyUsed, 'UPLOAD_IN_USE');
      return upload;
    },

    consume: (
      organizationId: string,
      id: string,
      videoAssetId: string,
      tx?: Parameters<UploadsRepository['consume']>[3],
    ) => uploads.consume(organizationId, id, videoAssetId, tx),

    /** Removes an upload's bytes and record (its asset was deleted). */
    async remove(id: string): Promise<void> {
      await store.remove(storeId(id)).catch(() => undefined);
      await storage.delete(uploadObjectKey(id)).catch(() => undefined);
      await uploads.delete(id);
    },

    /** Deletes abandoned uploads: unfinished past their expiry, or finished and never used. */
    async expire(): Promise<number> {
      let removed = 0;
      for (;;) {
        const batch = await uploads.expired(100);
        for (const upload of batch) {
          await store.remove(storeId(upload.id)).catch(() => undefined);
          await storage.delete(uploadObjectKey(upload.id)).catch(() => undefined);
          await uploads.delete(upload.id);
        }
        removed += batch.length;
        if (batch.length < 100) return removed;
      }
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;

function header(raw: IncomingMessage, name: string): string | undefined {
  const value = raw.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function fieldRefusal(field: string, message: string, code: string) {
  return new HttpError(400, code, message, { [field]: [message] });
}
