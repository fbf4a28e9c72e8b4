import type { Clip, ContentProject, SavedSearch, VideoAsset } from '@studio/domain';
import { acme, json, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { completedTranscription, videoAsset } from '../../ui/video-asset-fixture.ts';

/** The Content Lab the web tests open: one project with one processed recording. */
export const PROJECT = '11111111-1111-4111-8111-111111111111';

export const recording = videoAsset({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Product keynote',
  source: 'EVENT_RECORDING',
  duration: 120,
  transcode_status: 'COMPLETE',
});

export const project = (fields: Partial<ContentProject> = {}): ContentProject => ({
  id: PROJECT,
  name: 'Launch week',
  is_default: false,
  video_count: 1,
  clip_count: 1,
  created_by: null,
  created_at: '2026-11-25T09:00:00Z',
  updated_at: '2026-11-25T09:00:00Z',
  ...fields,
});

export const clip = (fields: Partial<Clip> = {}): Clip => ({
  id: 'c1',
  project: PROJECT,
  video_asset: recording.id,
  video_library_id: 'v1',
  name: 'Launch moment',
  start_time: 10,
  end_time: 25,
  duration: 15,
  vertical: false,
  crop_x: 0.5,
  shared: false,
  status: 'COMPLETE',
  progress: null,
  cut: 'copy',
  error: null,
  hls_url: null,
  mp4_url: null,
  thumbnail_url: null,
  share_url: 'http://events.test/shared/clip/c1',
  created_at: '2026-11-25T10:00:00Z',
  ...fields,
});

export const transcript = {
  url: null,
  items: [
    { start_time: 2, end_time: 4, type: 'pronunciation', alternatives: [{ content: 'Welcome everyone.' }] },
    { start_time: 4.5, end_time: 7, type: 'pronunciation', alternatives: [{ content: 'Today we launch.' }] },
    { start_time: 8, end_time: 9, type: 'pronunciation', alternatives: [{ content: 'Thank you.' }] },
  ],
  transcription: completedTranscription,
  downloadable: true,
};

/** What the fake server holds; tests read it after acting. */
export interface ContentLabState {
  projects: ContentProject[];
  /** The videos of each project, by project id. */
  projectVideos: Record<string, VideoAsset[]>;
  clips: Clip[];
  saved: SavedSearch[];
  /** The videos Content Lab edits (the add-a-video picker's). */
  library: VideoAsset[];
}

export const contentLabState = (fields: Partial<ContentLabState> = {}): ContentLabState => ({
  projects: [project()],
  projectVideos: { [PROJECT]: [recording] },
  clips: [],
  saved: [],
  library: [recording],
  ...fields,
});

const body = <T>(init: RequestInit) => JSON.parse(init.body as string) as T;
const notFound = () => json(404, { message: 'Not found.', code: 'NOT_FOUND' });

/** The Content Lab calls as the server answers them, over `state`. */
export function contentLabRoutes(state: ContentLabState): ExtraRoutes {
  return (url, init) => {
    const [path = '', query = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const params = new URLSearchParams(query);
    if (path === '/api/core/video_assets/' && params.has('source')) return page(state.library);
    if (path === '/api/content_lab/video_projects/') {
      const asked = (params.get('video_asset') ?? '').split(',');
      return json(
        200,
        state.projects.flatMap((one) =>
          (state.projectVideos[one.id] ?? [])
            .filter((video) => asked.includes(video.id))
            .map((video) => ({ video_asset: video.id, project: one.id, project_name: one.name })),
        ),
      );
    }
    if (path === `/api/core/video_assets/${recording.id}/`) return json(200, recording);
    if (path === `/api/core/video_assets/${recording.id}/transcript/`) return json(200, transcript);

    if (path === '/api/content_lab/projects/' && method === 'GET') return json(200, state.projects);
    if (path === '/api/content_lab/projects/' && method === 'POST') {
      const made = project({
        ...body<{ name: string }>(init),
        id: `p${state.projects.length + 1}`,
        video_count: 0,
      });
      state.projects.unshift(made);
      return json(201, made);
    }
    const projectMatch = /^\/api\/content_lab\/projects\/([^/]+)\/(videos\/)?$/.exec(path);
    if (projectMatch) {
      const found = state.projects.find((entry) => entry.id === projectMatch[1]);
      if (!found) return notFound();
      const videos = (state.projectVideos[found.id] ??= []);
      if (projectMatch[2] && method === 'GET') return page(videos);
      if (projectMatch[2]) {
        // In one project at most: adding it here takes it out of the one it was in.
        const { video_asset } = body<{ video_asset: string }>(init);
        for (const [id, list] of Object.entries(state.projectVideos))
          state.projectVideos[id] = list.filter((video) => video.id !== video_asset);
        const added = state.library.find((video) => video.id === video_asset) ?? recording;
        (state.projectVideos[found.id] ??= []).unshift(added);
        return json(200, { ...found, video_count: state.projectVideos[found.id]!.length });
      }
      if (method === 'PATCH') return json(200, Object.assign(found, body<{ name: string }>(init)));
      if (method === 'DELETE') {
        state.projects.splice(state.projects.indexOf(found), 1);
        return new Response(null, { status: 204 });
      }
      return json(200, found);
    }

    if (path === '/api/content_lab/clips/' && method === 'GET') return page(state.clips);
    if (path === '/api/content_lab/clips/' && method === 'POST') {
      const made = clip({
        ...body<Partial<Clip>>(init),
        id: 'c2',
        name: 'Made',
        status: 'PROGRESSING',
        progress: 0,
      });
      state.clips.unshift(made);
      return json(201, made);
    }
    const clipMatch = /^\/api\/content_lab\/clips\/([^/]+)\/(publish\/)?$/.exec(path);
    const one = clipMatch && state.clips.find((entry) => entry.id === clipMatch[1]);
    if (clipMatch && !one) return notFound();
    if (one && clipMatch?.[2]) return json(200, Object.assign(one, { status: 'COMPLETE' }));
    if (one && method === 'PATCH') return json(200, Object.assign(one, body<Partial<Clip>>(init)));

    if (path === '/api/content_lab/clip_search/') {
      const text = (params.get('query') ?? '').toLowerCase();
      return page(state.clips.filter((entry) => entry.name.toLowerCase().includes(text)));
    }
    if (path === '/api/content_lab/saved_searches/' && method === 'GET') return json(200, state.saved);
    if (path === '/api/content_lab/saved_searches/' && method === 'POST') {
      const made = {
        ...body<Omit<SavedSearch, 'id' | 'created_at'>>(init),
        id: '33333333-3333-4333-8333-333333333333',
        created_at: '2026-11-26T03:00:00Z',
      };
      state.saved.unshift(made);
      return json(201, made);
    }
    const searchMatch = /^\/api\/content_lab\/saved_searches\/([^/]+)\/(clips\/)?$/.exec(path);
    if (searchMatch) {
      const saved = state.saved.find((entry) => entry.id === searchMatch[1]);
      if (!saved) return notFound();
      if (searchMatch[2]) {
        const text = saved.query.toLowerCase();
        return page(state.clips.filter((entry) => entry.name.toLowerCase().includes(text)));
      }
      if (method === 'PATCH') return json(200, Object.assign(saved, body<Partial<SavedSearch>>(init)));
      if (method === 'DELETE') {
        state.saved.splice(state.saved.indexOf(saved), 1);
        return new Response(null, { status: 204 });
      }
      return json(200, saved);
    }
    return undefined;
  };
}

/** The test organisation with Content Lab switched on (Settings › Organization). */
export const withContentLab = { ...acme, content_lab_enabled: true };
