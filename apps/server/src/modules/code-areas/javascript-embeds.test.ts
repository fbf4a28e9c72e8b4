import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { PageCodeAreas } from '@studio/domain';
import { newMember } from '../access/access.fixtures.ts';
import { caller } from '../back-office/back-office.fixtures.ts';
import { createCodeAreas, injectPageCode } from './code-areas.ts';
import { fileAdminAndOutsider } from '../../../test/file-studio.ts';
import { restrictedTagRefusal } from './code-areas.fixtures.ts';
import { emptyCodeAreas } from '@studio/domain/testing';

const org = fileAdminAndOutsider('Embeds Org', 'Other Embeds Org');
const { studio, api, outsider } = org;

const areasUrl = (id: string) => `/api/core/organization/${id}/code_areas/`;
const HEAD = '<script>window.hubMark = 1;</script>';

describe('JavaScript embeds: the organisation’s code areas on its hub pages (001 §2.3)', () => {
  it('answers empty areas, saves some and keeps the others', async () => {
    expect((await api.get<PageCodeAreas>(areasUrl(org.organizationId))).body).toEqual(emptyCodeAreas);
    await api.patch(areasUrl(org.organizationId), { head: HEAD });
    const saved = await api.patch<PageCodeAreas>(areasUrl(org.organizationId), {
      register_cta_click: 'console.log(eventId, pageType);',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ head: HEAD, register_cta_click: 'console.log(eventId, pageType);' });
  });

  it('re-checks limits and restricted tags on the server, storing nothing', async () => {
    const refused = await api.patch(areasUrl(org.organizationId), {
      head: '<div>x</div>',
      body: '<p>kept?</p>',
    });
    expect(refused).toEqual(restrictedTagRefusal);
    expect((await api.get<PageCodeAreas>(areasUrl(org.organizationId))).body).toMatchObject({
      head: HEAD,
      body: '',
    });
    // The editor's lint too (issue 32).
    const unlinted = await api.patch(areasUrl(org.organizationId), { body: '<script>var x = ;</script>' });
    expect(unlinted.status).toBe(400);
    expect(unlinted.body).toMatchObject({ message: 'Unresolved error in the Body code area' });
    expect((await api.get<PageCodeAreas>(areasUrl(org.organizationId))).body.body).toBe('');
  });

  it('answers 404 for another organisation and refuses team admins once workspaces are enabled', async () => {
    expect((await outsider.get(areasUrl(org.organizationId))).status).toBe(404);
    expect((await outsider.patch(areasUrl(org.organizationId), { head: '' })).status).toBe(404);
    const teamAdmin = caller(studio, (await newMember(studio, org.organizationId, 'WORKSPACE_ADMIN')).access);
    expect((await teamAdmin.get(areasUrl(org.organizationId))).status).toBe(200);
    await studio.database.db
      .updateTable('organizations')
      .set({ is_workspace_enabled: true })
      .where('id', '=', org.organizationId)
      .execute();
    expect((await teamAdmin.get(areasUrl(org.organizationId))).status).toBe(403);
    expect((await teamAdmin.patch(areasUrl(org.organizationId), { head: '' })).status).toBe(403);
    expect((await api.get(areasUrl(org.organizationId))).status).toBe(200);
  });

  it('runs on a hub page (/h/{hubPageId}) with a nonce; a hub page of an organisation without code stays strict', async () => {
    const site = Fastify();
    injectPageCode(site, {
      eventCodeOf: () => Promise.resolve(undefined),
      hubPageCodeOf: async (hubPageId) =>
        hubPageId === 'coded'
          ? createCodeAreas(studio.database.db).hubPageCodeOf(org.organizationId)
          : undefined,
    });
    site.get('/h/:hubPageId', (_request, reply) =>
      reply
        .header('content-security-policy', "default-src 'self'; script-src 'self'")
        .type('text/html')
        .send('<html><head><title>Hub</title></head><body><main></main></body></html>'),
    );
    const coded = await site.inject({ method: 'GET', url: '/h/coded' });
    const nonce = /'nonce-([^']+)'/.exec(String(coded.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(coded.body).toContain(`<title>Hub</title><script nonce="${nonce}">window.hubMark = 1;</script>`);
    expect(coded.body).toContain(
      '.onRegisterCtaClick=function(eventId, eventName, blockType, blockId, pageType)',
    );
    const plain = await site.inject({ method: 'GET', url: '/h/plain' });
    expect(plain.body).not.toContain('hubMark');
    expect(plain.headers['content-security-policy']).toBe("default-src 'self'; script-src 'self'");
    await site.close();
  });
});
