import { z } from 'zod';
import { VendorError, VendorHttp, vendorUrl, type VendorClientOptions } from './vendor-http.ts';

/**
 * Wistia's Data API (projects, media) and Upload API, with the account's API token as a bearer
 * token (never in the URL): the projects for fetch_wistia_existing_projects_v2, a recording pushed
 * into a project (multipart, or a URL Wistia fetches itself), and the media's processing status.
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

/** The recording to push: its bytes, or a URL Wistia downloads from. */
export type WistiaRecording =
  | { name: string; description?: string; file: { filename: string; contentType: string; data: Buffer } }
  | { name: string; description?: string; url: string };

/** Wistia pages hold 100 projects at most; 50 pages bound a fetch. */
const PER_PAGE = 100;
const PAGES = 50;

export class WistiaClient {
  private readonly http: VendorHttp;
  private readonly baseUrl: string;
  private readonly uploadUrl: string;

  constructor(
    private readonly apiToken: string,
    options: WistiaClientOptions,
  ) {
    this.baseUrl = options.baseUrl ?? 'https://api.wistia.com';
    this.uploadUrl = options.uploadUrl ?? 'https://upload.wistia.com';
    this.http = new VendorHttp('Wistia', options.outbound, options.retry, () => [apiToken]);
  }

  /** Checks the token with one small read. */
  async authenticate(): Promise<void> {
    await this.projectsPage(1, 1);
  }

  async health(): Promise<boolean> {
    try {
      await this.authenticate();
      return true;
    } catch (failure) {
      if (failure instanceof VendorError && failure.kind === 'authentication') return false;
      throw failure;
    }
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

  /** Uploads the recording into the project; the media answered starts queued. */
  async uploadRecording(projectId: string, recording: WistiaRecording): Promise<WistiaMedia> {
    const form = new FormData();
    form.set('project_id', projectId);
    form.set('name', recording.name);
    if (recording.description) form.set('description', recording.description);
    if ('url' in recording) form.set('url', recording.url);
    else
      form.set(
        'file',
        new Blob([new Uint8Array(recording.file.data)], { type: recording.file.contentType }),
        recording.file.filename,
      );
    // The platform's encoder gives the multipart body and its boundary.
    const encoded = new Response(form);
    const what = 'the recording upload';
    const answer = await this.http.send({
      what,
      method: 'POST',
      url: vendorUrl(this.uploadUrl, '/'),
      headers: {
        authorization: `Bearer ${this.apiToken}`,
        'content-type': encoded.headers.get('content-type')!,
      },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
    if (answer.status !== 200 && answer.status !== 201) throw this.http.failure(answer, what);
    return this.http.parse(answer, wistiaMediaSchema, what);
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
