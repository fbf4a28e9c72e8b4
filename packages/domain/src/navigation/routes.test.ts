import { describe, expect, it } from 'vitest';
import { NOT_FOUND_HREF, redirectHref, studioRedirects, studioRoutes } from './routes.ts';

const pagePaths = new Set(studioRoutes.map((route) => route.path));
/** A pattern with its parameter names left out, so `/pages/$pageId` and `/pages/$eventHubId` compare equal. */
const shape = (path: string) => path.replace(/\$\w+/g, '$');

describe('route table', () => {
  it('names every path once', () => {
    const all = [
      ...studioRoutes.map((route) => route.path),
      ...studioRedirects.map((redirect) => redirect.path),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives every page a title', () => {
    for (const route of studioRoutes) expect(route.title.trim(), route.path).not.toBe('');
  });

  it('sends every redirect to a page of the table', () => {
    const pageShapes = new Set([...pagePaths].map(shape));
    for (const redirect of studioRedirects) expect(pageShapes, redirect.path).toContain(shape(redirect.to));
    expect(pagePaths).toContain(NOT_FOUND_HREF.split('?')[0]);
  });

  it('keeps the organisation shell behind sign-in', () => {
    for (const route of studioRoutes.filter((candidate) => candidate.kind === 'shell')) {
      expect(route.requiresSignIn, route.path).toBe(true);
    }
  });

  it.each([
    '/auth/forgotPasswordSubmit',
    '/content/auth/forgot-password',
    '/on-demand-embed-dummy/$eventId',
    '/pages/$pageId/hub-page-builder',
    '/templates/$templateId/integration/$integrationType/field-mapping/$crmObjectType',
    '/series/$seriesId/reports/event/$id',
    '/repeating-event/$seriesId/programs/check-in-staff',
    '/events/$eventId/programs/live-inputs',
    '/webinar/$eventId/details/transcript',
    '/events/$eventId/registration-new/page/page-builder',
    '/events/$eventId/analytics-new/pre-event',
    '/reports-new/custom-report/$liveboardID',
    '/settings-new/forms/$formId/$integrationType/field-mapping/$crmObjectType',
    '/integrations/applications/$instanceID/settings/eloqua-event-form',
    '/integrations/javascript-embeds/$instanceID',
  ])('holds %s', (path) => {
    expect(pagePaths).toContain(path);
  });

  it('carries parameters into a redirect target', () => {
    const eventHub = studioRedirects.find((redirect) => redirect.path === '/eventHub/$eventHubId');
    expect(eventHub && redirectHref(eventHub, { eventHubId: 'hub 1' })).toBe('/pages/hub%201');
  });
});
