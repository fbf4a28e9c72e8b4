import { paths, studioRoutes } from '@studio/domain';
import { describe, expect, it, vi } from 'vitest';

const stylesheet = { loaded: false };

/** Whether opening the route's page first (a fresh tab, a link from an email) loads the whole stylesheet. */
async function bringsWholeStylesheet(path: string): Promise<boolean> {
  vi.resetModules();
  stylesheet.loaded = false;
  vi.doMock('./studio-styles.ts', () => {
    stylesheet.loaded = true;
    return {};
  });
  const { pageComponent } = await import('./route-pages.ts');
  const route = studioRoutes.find((candidate) => candidate.path === path)!;
  await pageComponent(route).preload?.();
  return stylesheet.loaded;
}

describe('the stylesheet a page opened first brings', () => {
  it.each([
    paths.contentLab,
    '/shared/clip/$clipId',
    '/sponsor/$eventId/booth/$boothId',
    '/registrants-activity',
    paths.events,
  ])('%s: the whole stylesheet (its tables, checkboxes and switches are styled)', async (path) => {
    expect(await bringsWholeStylesheet(path)).toBe(true);
  });

  it.each([paths.login, paths.contentLabLogin, '/createorg', paths.orgHome])(
    '%s: only the first screen’s styles',
    async (path) => {
      expect(await bringsWholeStylesheet(path)).toBe(false);
    },
  );
});

describe('route pages', () => {
  it('every route of the route table and the extra routes has its page', async () => {
    const { extraRoutes, pageComponent } = await import('./route-pages.ts');
    for (const route of [...studioRoutes, ...extraRoutes]) expect(() => pageComponent(route)).not.toThrow();
    expect(() => pageComponent({ ...studioRoutes[0]!, path: '/nowhere' })).toThrow(
      'No page for the route /nowhere',
    );
  });
});
