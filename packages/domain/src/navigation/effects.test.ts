import { describe, expect, it } from 'vitest';
import { navigationEffects } from './effects.ts';
import type { RouteKind } from './routes.ts';

describe('navigationEffects', () => {
  it.each<[string | undefined, string, RouteKind, boolean, string | null]>([
    ['/events/e-1/dashboard', '/events', 'shell', true, null],
    ['/videos', '/home', 'shell', true, null],
    [undefined, '/home', 'shell', true, null],
    ['/events', '/events/$eventId/dashboard', 'shell', false, null],
    ['/videos', '/videos', 'shell', false, null],
    ['/videos?page=2', '/content/$', 'content-lab', false, '/videos?page=2'],
    ['/events/e-1/dashboard', '/content/$', 'content-lab', false, '/events/e-1/dashboard'],
    ['/content', '/content/$', 'content-lab', false, null],
    ['/content/auth/login', '/content/$', 'content-lab', false, null],
    [undefined, '/content/$', 'content-lab', false, null],
    ['/home', '/content/auth/signup', 'content-lab-auth', false, null],
    ['/contentious', '/content/$', 'content-lab', false, '/contentious'],
  ])('%s → %s', (fromHref, path, kind, resetEventState, pathBeforeContentLab) => {
    expect(navigationEffects(fromHref, { path, kind })).toEqual({ resetEventState, pathBeforeContentLab });
  });
});
