import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { StreamedBody } from '../../../platform/outbound-request.ts';
import { grantsAccess, VendorHttp, vendorUrl, type VendorClientOptions } from './vendor-http.ts';

/**
 * Wistia's Data API (projects, media) and Upload API, with the account's API token as a bearer
 * token (never in the URL): the projects for fetch_wistia_existing_projects_v2, a recording pushed
 * into a project (multipart, streamed from storage), and the media's processing status.
 *
 * Base URLs: WISTIA_BASE_URL (default https://api.wistia.com) and WISTIA_UPLOAD_URL (default
 * https://upload.wistia.com).
 */

export interface WistiaClientOptions extends VendorClientOptions {
  uploadUrl?: string;
}

export const wistiaProjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  hashedId: z.string(),
  mediaCount: z.number().optional(),
  description: z.string().nullish(),
  created: z.string().optional(),
  updated: z.string().optional(),
});
export type WistiaProject = z.infer<typeof wistiaProjectSchema>;

export const wistiaMediaSchema = z.object({
  id: z.number(),
  hashed_id: z.string(),
  name: z.string(),
  type: z.string().optional(),
  /** Absent right after an upload: it starts queued. */
  status: z.enum(['queued', 'processing', 'ready', 'failed']).optional(),
  progress: z.number().optional(),
  duration: z.number().nullish(),
});
export type WistiaMedia = z.infer<typeof wistiaMediaSchema>;

/** The recording to push: its file is read from `open()` as it is sent, `size` bytes. */
export interface WistiaUpload {
  name: string;
  description?: string;
  file: { filename: string; contentType: string; size: number; open(): Promise<Readable> };
}

/**
 * Wistia answers an upload once the whole file is in, after a pause of its own: the connection
 * may be idle that long (the outbound policy's default is 10 s).
 */
const UPLOAD_IDLE_TIMEOUT_MS = 120_000;

/** Wistia's own words in a refusal ({"error": "…"}), when it gives some. */
const wistiaRefusalSchema = z.object({ error: z.string() });

/** Wistia pages hold 100 projects at most; 50 pages bound a fetch. */
const PER_PAGE = 100;
const PAGES = 50;

export class WistiaClient {
  private readonly http: VendorHttp;
  private readonly uploads: VendorHttp;
  private readonly baseUrl: string;
  private readonly uploadUrl: string;

  constructor(
    private readonly apiToken: string,
    options: WistiaClientOptions,
  ) {
    this.baseUrl = options.baseUrl ?? 'https://api.wistia.com';
    this.uploadUrl = options.uploadUrl ?? 'https://upload.wistia.com';
    this.http = new VendorHttp('Wistia', options.outbound, options.retry, () => [apiToken]);
    this.uploads = new VendorHttp(
      'Wistia',
      { timeoutMs: UPLOAD_IDLE_TIMEOUT_MS, ...options.outbound },
      options.retry,
      () => [apiToken],
    );
  }

  /** Checks the token with one small read. */
  async authenticate(): Promise<void> {
    await this.projectsPage(1, 1);
  }

  health(): Promise<boolean> {
    return grantsAccess(() => this.authenticate());
  }

  /** Every project of the account (fetch_wistia_existing_projects_v2 → wistia_projects). */
  async projects(): Promise<WistiaProject[]> {
    const projects: WistiaProject[] = [];
    for (let page = 1; page <= PAGES; page += 1) {
      const batch = await this.projectsPage(page, PER_PAGE);
      projects.push(...batch);
      if (batch.length < PER_PAGE) break;
    }
    return projects;
  }

  /**
   * Uploads the recording into the project (Upload API: multipart project_id, name, description,
   * file), its bytes streamed from their source; the media answered starts queued. A refusal's
   * VendorError carries Wistia's own message.
   */
  async uploadRecording(projectId: string, recording: WistiaUpload): Promise<WistiaMedia> {
    const form = multipartForm(
      { project_id: projectId, name: recording.name, description: recording.description },
      recording.file,
    );
    const what = 'the recording upload';
    const answer = await this.uploads.send({
      what,
      method: 'POST',
      url: vendorUrl(this.uploadUrl, '/'),
      headers: { authorization: `Bearer ${this.apiToken}`, 'content-type': form.contentType },
      body: form.body,
    });
    if (answer.status === 200 || answer.status === 201)
      return this.uploads.parse(answer, wistiaMediaSchema, what);
    const failure = this.uploads.failure(answer, what);
    const refusal = wistiaRefusalSchema.safeParse(safeJson(answer.body));
    if (!refusal.success || failure.kind === 'authentication') throw failure;
    throw this.uploads.error(
      failure.kind,
      `${what} failed (HTTP ${answer.status}): ${refusal.data.error}`,
      answer.status,
    );
  }

  /** The media's processing status, or null when Wistia has no such media. */
  async media(hashedId: string): Promise<WistiaMedia | null> {
    const what = `media ${hashedId}`;
    const answer = await this.get(`/v1/medias/${encodeURIComponent(hashedId)}.json`, what);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw this.http.failure(answer, what);
    return this.http.parse(answer, wistiaMediaSchema, what);
  }

  private async projectsPage(page: number, perPage: number): Promise<WistiaProject[]> {
    const what = 'the projects';
    const answer = await this.get('/v1/projects.json', what, { page, per_page: perPage });
    if (answer.status !== 200) throw this.http.failure(answer, what);
    return this.http.parse(answer, z.array(wistiaProjectSchema), what);
  }

  private get(path: string, what: string, query?: Record<string, number>) {
    return this.http.send({
      what,
      method: 'GET',
      url: vendorUrl(this.baseUrl, path, query),
      headers: { authorization: `Bearer ${this.apiToken}` },
    });
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A header value of the form: no quote or line break can end it early. */
const headerText = (text: string) => text.replace(/["\r\n]/g, '_');

/**
 * multipart/form-data of `fields` then `file`, as a body of known length whose file part is read
 * from its source while it is sent (Readable.from pulls the parts only as the request takes them).
 */
function multipartForm(
  fields: Record<string, string | undefined>,
  file: WistiaUpload['file'],
): { contentType: string; body: StreamedBody } {
  const boundary = `----studio-${randomBytes(16).toString('hex')}`;
  const head = Buffer.from(
    [
      ...Object.entries(fields).flatMap(([name, value]) =>
        value === undefined
          ? []
          : [`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`],
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${headerText(file.filename)}"\r\n`,
      `Content-Type: ${headerText(file.contentType)}\r\n\r\n`,
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts(source: Readable) {
    yield head;
    yield* source;
    yield tail;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: {
      length: head.length + file.size + tail.length,
      open: async () => Readable.from(parts(await file.open()), { objectMode: false }),
    },
  };
}
