import { createHash } from 'node:crypto';
import { bearer, startVendorServer, type RecordedRequest, type Reply } from './vendor-server.ts';

/**
 * Wistia on loopback: the Data API's projects (paged with page/per_page) and medias, and the Upload
 * API's multipart POST (project_id, name, description, file or url), all behind the bearer API
 * token; 401 {"error"} for a bad token, 404 for unknown projects and media.
 */

export const WISTIA_TOKEN = 'wistia-api-token-0c0ffee';

export type WistiaServer = Awaited<ReturnType<typeof startWistiaServer>>;

export async function startWistiaServer(projectCount = 3) {
  const projects = Array.from({ length: projectCount }, (_, index) => ({
    id: 100 + index,
    name: `Project ${index + 1}`,
    hashedId: `proj${index + 1}`,
    mediaCount: 0,
    description: null,
    created: '2026-11-01T10:00:00+00:00',
    updated: '2026-11-01T10:00:00+00:00',
  }));
  const medias = new Map<
    string,
    {
      id: number;
      hashed_id: string;
      name: string;
      type: string;
      status: string;
      progress: number;
      project_id: number;
      bytes: number;
      /** The uploaded file's SHA-256 (hex), as it arrived. */
      sha256: string | null;
    }
  >();

  async function handle(request: RecordedRequest): Promise<Reply> {
    if (bearer(request) !== WISTIA_TOKEN) return { status: 401, json: { error: 'Invalid credentials.' } };
    if (request.path === '/v1/projects.json' && request.method === 'GET') {
      const page = Number(request.query.get('page') ?? 1);
      const perPage = Math.min(Number(request.query.get('per_page') ?? 100), 100);
      return { json: projects.slice((page - 1) * perPage, page * perPage) };
    }
    const media = /^\/v1\/medias\/([^/]+)\.json$/.exec(request.path);
    if (media) {
      const found = medias.get(decodeURIComponent(media[1]!));
      return found ? { json: found } : { status: 404, json: { error: 'Media not found' } };
    }
    if (request.path === '/' && request.method === 'POST') {
      const form = await new Request('http://wistia/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: new Uint8Array(request.body),
      }).formData();
      const project = projects.find(
        (candidate) =>
          candidate.hashedId === form.get('project_id') || String(candidate.id) === form.get('project_id'),
      );
      if (!project) return { status: 400, json: { error: 'Project not found' } };
      const file = form.get('file');
      const url = form.get('url');
      if (!(file instanceof Blob) && typeof url !== 'string')
        return { status: 400, json: { error: 'No file or url given' } };
      const created = {
        id: 9000 + medias.size,
        hashed_id: `media${medias.size + 1}`,
        name: (form.get('name') as string | null) ?? 'Untitled',
        type: 'Video',
        status: 'queued',
        progress: 0,
        project_id: project.id,
        bytes: file instanceof Blob ? file.size : 0,
        sha256:
          file instanceof Blob
            ? createHash('sha256')
                .update(new Uint8Array(await file.arrayBuffer()))
                .digest('hex')
            : null,
      };
      medias.set(created.hashed_id, created);
      project.mediaCount += 1;
      return { json: created };
    }
    return { status: 404, json: { error: 'Not found' } };
  }

  const server = await startVendorServer(handle);
  return {
    ...server,
    projects,
    medias,
    /** Wistia finishes processing a media. */
    process: (hashedId: string) => Object.assign(medias.get(hashedId)!, { status: 'ready', progress: 1 }),
  };
}
