import { describe, expect, it } from 'vitest';
import type { CurrentUser, Organization } from '@studio/domain';
import { newOrganizationSettings } from '@studio/domain/testing';
import { bearer, newOrganization, newUser } from '../../../test/harness.ts';
import { fileStudio } from '../../../test/file-studio.ts';
import { caller } from '../back-office/back-office.fixtures.ts';

const studio = fileStudio();

describe('organisations', () => {
  it('creates an organisation whose creator becomes its admin', async () => {
    const api = caller(studio, (await newUser(studio.app)).access);
    const response = await api.post<Organization>('/api/core/organization/', {
      name: '  Northwind Summit  ',
    });
    expect(response.status).toBe(201);
    const organization = response.body;
    expect(organization).toMatchObject({
      name: 'Northwind Summit',
      ...newOrganizationSettings,
    });

    const me = await api.get<CurrentUser>('/api/core/user/me/');
    expect(me.body).toMatchObject({
      organization: organization.id,
      role: 'ORG_ADMIN',
      is_admin: true,
      is_content_lab_standalone: false,
      requester_role: [
        {
          resource_type: 'organization',
          resource_id: organization.id,
          role: 'ORG_ADMIN',
          role__name: 'Organization Admin',
        },
      ],
    });
  });

  it('reads the caller’s own organisation', async () => {
    const admin = await newOrganization(studio.app, 'Contoso Live');
    const response = await caller(studio, admin.access).get<Organization>(
      `/api/core/organization/${admin.organization.id}/`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual(admin.organization);
  });

  it('answers 404 for another organisation, an unknown id and a malformed id', async () => {
    const mine = await newOrganization(studio.app, 'Mine');
    const theirs = await newOrganization(studio.app, 'Theirs');
    for (const id of [theirs.organization.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await studio.app.inject({
        method: 'GET',
        url: `/api/core/organization/${id}/`,
        headers: bearer(mine.access),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.body).not.toContain('Theirs');
    }
  });

  it('requires sign-in', async () => {
    const admin = await newOrganization(studio.app);
    const read = await studio.app.inject({
      method: 'GET',
      url: `/api/core/organization/${admin.organization.id}/`,
    });
    const create = await studio.app.inject({
      method: 'POST',
      url: '/api/core/organization/',
      payload: { name: 'X' },
    });
    expect([read.statusCode, create.statusCode]).toEqual([401, 401]);
  });

  it('refuses a second organisation for a member and a blank name', async () => {
    const admin = await newOrganization(studio.app);
    const second = await caller(studio, admin.access).post('/api/core/organization/', { name: 'Another' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'ALREADY_IN_ORGANIZATION' });

    const fresh = await newUser(studio.app);
    const blank = await caller(studio, fresh.access).post('/api/core/organization/', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: { name: ['This field is required.'] },
    });
    const count = await studio.database.db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', 'Another')
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);
  });
});
