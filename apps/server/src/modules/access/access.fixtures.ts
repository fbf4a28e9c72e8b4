import type { CreatedApiToken, OrganizationDetail } from '@studio/domain';
import { bearer, newOrganization, newUser, type TestStudio } from '../../../test/harness.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';

/**
 * Test builders for the access area. People join an organisation with a given role directly in
 * the database: the invitation flow belongs to the users area.
 */
export async function newMember(studio: TestStudio, organizationId: string, role: string | null) {
  const session = await newUser(studio.app);
  await studio.database.db
    .updateTable('users')
    .set({ organization_id: organizationId, role })
    .where('id', '=', session.user.id)
    .execute();
  return { ...session, userId: session.user.id };
}

export async function newAdmin(studio: TestStudio, name = 'Acme Events') {
  const admin = await newOrganization(studio.app, name);
  return { ...admin, userId: admin.user.id, organization: admin.organization as OrganizationDetail };
}

/** An admin whose organisation has the 'new automation API' flag on: its API tokens work as bearer tokens. */
export async function newAutomationAdmin(studio: TestStudio, name?: string) {
  const admin = await newAdmin(studio, name);
  await setOperatorFlags(studio, admin.organization.id, { isNewAutomationApiEnabled: true });
  return admin;
}

export async function setPlan(
  studio: TestStudio,
  organizationId: string,
  tier: string | null,
  config: Record<string, unknown> = {},
) {
  await studio.database.db
    .updateTable('organizations')
    .set({ pricing_tier: tier, pricing_config: JSON.stringify(config) })
    .where('id', '=', organizationId)
    .execute();
}

export async function newWorkspace(
  studio: TestStudio,
  adminAccess: string,
  name: string,
  memberIds: string[] = [],
) {
  const created = await studio.app.inject({
    method: 'POST',
    url: '/api/core/workspaces/',
    headers: bearer(adminAccess),
    payload: { name },
  });
  if (created.statusCode !== 201) throw new Error(`workspace failed: ${created.body}`);
  const workspace = created.json<{ id: string; name: string }>();
  for (const userId of memberIds) {
    const added = await studio.app.inject({
      method: 'POST',
      url: `/api/core/workspaces/${workspace.id}/members/`,
      headers: bearer(adminAccess),
      payload: { user_id: userId },
    });
    if (added.statusCode !== 201) throw new Error(`member failed: ${added.body}`);
  }
  return workspace;
}

export async function newApiToken(
  studio: TestStudio,
  adminAccess: string,
  name = 'CI pipeline',
): Promise<CreatedApiToken> {
  const created = await studio.app.inject({
    method: 'POST',
    url: '/api/core/api_tokens/',
    headers: bearer(adminAccess),
    payload: { name },
  });
  if (created.statusCode !== 201) throw new Error(`api token failed: ${created.body}`);
  return created.json<CreatedApiToken>();
}
