import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  FILE_EXTENSIONS,
  fileContentPath,
  IMAGE_VARIANT_WIDTHS,
  filesMessages,
  imageProblem,
  UPLOAD_PRESETS,
  type FileKind,
  type SignedUrlResponse,
  type UploadPresetName,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { studioUrlBase } from '../../platform/http/studio-url.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import { assertObjectKey, contentTypeOf, type ObjectStore } from '../../platform/storage/object-store.ts';
import type { UploadGrant, UrlSigner } from '../../platform/storage/signed-url.ts';
import { requireOrganization } from '../../platform/http/access-rules.ts';
import { formatLength, icoSize, sniff } from './file-content.ts';

export interface FilesSettings {
  publicUrl: string;
  /** The largest file accepted unless the preset says otherwise (FILE_UPLOAD_MAX_BYTES). */
  maxBytes: number;
  signedUrlTtlSeconds: number;
}

/** Stored files live under `files/{organisation}/…`; their resized copies under `file-variants/{width}/…`. */
const FILES = 'files/';
const variantKey = (key: string, width: number) => `file-variants/${width}/${key.slice(FILES.length)}`;

export interface UploadTicket {
  key: string;
  organization: string;
  type: string;
  preset: UploadPresetName;
  expires: number;
  sig: string;
}

const termsOf = (type: string, preset: string) => `${type}\n${preset}`;
const refused = (status: number, code: string, message: string) =>
  new HttpError(status, code, message, { file: [message] });

/** Whether an event (by id) is one of the organisation's: the events area's answer. */
export type OwnsEvent = (organizationId: string, eventId: string) => Promise<boolean>;

export function createFilesService(deps: {
  storage: ObjectStore;
  signer: UrlSigner;
  settings: FilesSettings;
  ownsEvent: OwnsEvent;
}) {
  const { storage, signer, settings } = deps;
  // A path with no host: what fields store keeps working when the host or port changes.
  const contentUrl = fileContentPath;
  const maxBytesOf = (preset: UploadPresetName) =>
    (UPLOAD_PRESETS[preset] as { maxBytes?: number }).maxBytes ?? settings.maxBytes;

  /** Refuses (4xx) anything but a well-formed file of an accepted kind that meets the preset's image rule. */
  async function inspect(key: string, bytes: Buffer, preset: UploadPresetName): Promise<FileKind> {
    const kind = sniff(bytes);
    if (kind === 'svg') throw refused(415, 'SVG_NOT_ALLOWED', filesMessages.svgNotAllowed);
    const accepted: readonly FileKind[] = UPLOAD_PRESETS[preset].accepts;
    if (kind === 'unknown' || !accepted.includes(kind))
      throw refused(415, 'UNSUPPORTED_FILE_TYPE', filesMessages.notAccepted);
    const extension = key.split('.').at(-1)?.toLowerCase() ?? '';
    if (!FILE_EXTENSIONS[kind].includes(extension))
      throw refused(415, 'UNSUPPORTED_FILE_TYPE', filesMessages.nameMismatch);
    const length = formatLength(bytes, kind);
    if (length === null || bytes.length < length - 3)
      throw refused(422, 'UNREADABLE_FILE', filesMessages.unreadable);
    if (bytes.length > length) throw refused(422, 'TRAILING_DATA', filesMessages.trailingData);
    const rule = (UPLOAD_PRESETS[preset] as { image?: Parameters<typeof imageProblem>[1] }).image;
    if (kind === 'ico') {
      const problem = imageProblem(icoSize(bytes), rule);
      if (problem) throw fieldError('file', problem);
    } else if (kind === 'jpeg' || kind === 'png' || kind === 'webp') {
      const size = await decodedSize(bytes);
      const problem = imageProblem(size, rule);
      if (problem) throw fieldError('file', problem);
    }
    return kind;
  }

  /** Decodes every pixel (a damaged image fails here) and answers its real, upright size. */
  async function decodedSize(bytes: Buffer): Promise<{ width: number; height: number }> {
    try {
      const { info } = await sharp(bytes, { failOn: 'error' })
        .rotate()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height };
    } catch {
      throw refused(422, 'UNREADABLE_FILE', filesMessages.unreadable);
    }
  }

  /** Resized copies for the widths narrower than the image, in its own format. */
  async function storeVariants(key: string, bytes: Buffer, kind: FileKind): Promise<void> {
    if (kind !== 'jpeg' && kind !== 'png' && kind !== 'webp') return;
    const { width = 0 } = await sharp(bytes).metadata();
    for (const variant of IMAGE_VARIANT_WIDTHS.filter((candidate) => candidate < width)) {
      const resized = await sharp(bytes).rotate().resize({ width: variant }).toFormat(kind).toBuffer();
      await storage.put(variantKey(key, variant), resized, { contentType: contentTypeOf(key) });
    }
  }

  return {
    /** Spec 001 §7: a short-lived URL on this server to PUT one file under one key of the caller's organisation. */
    async signedUrl(
      caller: Caller,
      request: { key: string; file_type: string; preset: UploadPresetName },
    ): Promise<SignedUrlResponse> {
      const { organizationId } = requireOrganization(caller);
      // `events/{id}/…` names one of the organisation's events; another's answers 404 as for any of its objects.
      const eventId = /^events\/([^/]+)\//.exec(request.key)?.[1];
      if (eventId !== undefined && !(await deps.ownsEvent(organizationId, eventId))) throw notFound();
      const slash = request.key.lastIndexOf('/');
      // A directory of its own per upload: no upload replaces another's file or a cached copy.
      const key = `${FILES}${organizationId}/${request.key.slice(0, slash)}/${randomBytes(8).toString('hex')}${request.key.slice(slash)}`;
      assertObjectKey(key);
      const grant: UploadGrant = {
        key,
        organizationId,
        terms: termsOf(request.file_type, request.preset),
        expires: Math.floor(Date.now() / 1000) + settings.signedUrlTtlSeconds,
      };
      const query = new URLSearchParams({
        key,
        organization: organizationId,
        type: request.file_type,
        preset: request.preset,
        expires: String(grant.expires),
        sig: signer.sign(grant),
      });
      return {
        url: `${studioUrlBase(caller, settings.publicUrl)}/api/files/upload/?${query.toString()}`,
        key,
        content_url: contentUrl(key),
      };
    },

    /** The most bytes a PUT may send for this preset. */
    maxBytesOf,

    /** Checks the ticket and whoever calls with it; the bytes are read only afterwards. */
    admit(ticket: UploadTicket, caller: Caller | null): void {
      const grant: UploadGrant = {
        key: ticket.key,
        organizationId: ticket.organization,
        terms: termsOf(ticket.type, ticket.preset),
        expires: ticket.expires,
      };
      if (!ticket.key.startsWith(`${FILES}${ticket.organization}/`) || !signer.verify(grant, ticket.sig))
        throw new HttpError(403, 'INVALID_SIGNATURE', filesMessages.linkInvalid);
      // The URL is the permission; a signed-in caller of another organisation still may not use it.
      if (caller && caller.organizationId !== ticket.organization)
        throw new HttpError(403, 'INVALID_SIGNATURE', filesMessages.linkInvalid);
    },

    /** Checks the uploaded bytes by content; only a file that passes is stored, under its public key. */
    async store(ticket: UploadTicket, bytes: Buffer): Promise<{ key: string; content_url: string }> {
      if (await storage.head(ticket.key)) throw new HttpError(409, 'LINK_USED', filesMessages.linkUsed);
      const kind = await inspect(ticket.key, bytes, ticket.preset);
      await storeVariants(ticket.key, bytes, kind);
      await storage.put(ticket.key, bytes, { contentType: contentTypeOf(ticket.key) });
      return { key: ticket.key, content_url: contentUrl(ticket.key) };
    },

    /**
     * Checks a file already stored under the organisation as an upload with `preset` would be
     * checked (another area takes a key a client gives it); 404 when there is no such file.
     */
    async checkStored(organizationId: string, key: string, preset: UploadPresetName): Promise<void> {
      const stored = key.startsWith(`${FILES}${organizationId}/`) && (await storage.head(key));
      if (!stored) throw notFound();
      if (stored.size > maxBytesOf(preset)) throw refused(413, 'FILE_TOO_LARGE', filesMessages.tooLarge);
      const { body } = await storage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
      await inspect(key, Buffer.concat(chunks), preset);
    },

    /** The stored key to serve for a content path, or its resized copy when `w` names one. */
    async servedKey(path: string, width: number | undefined): Promise<string> {
      const key = `${FILES}${path}`;
      try {
        assertObjectKey(key);
      } catch {
        throw notFound();
      }
      if (width !== undefined && (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)) {
        const variant = variantKey(key, width);
        if (await storage.head(variant)) return variant;
      }
      return key;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
