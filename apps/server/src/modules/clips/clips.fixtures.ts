import { beforeAll } from 'vitest';
import { adminAndOther, fileStudio, madeBeforeAll } from '../../../test/file-studio.ts';
import type { TestStudio } from '../../../test/harness.ts';
import { caller, type Api } from '../back-office/back-office.fixtures.ts';

/** An organisation's admin, as the fixtures make one. */
interface OrganizationAdmin {
  access: string;
  organization: { id: string };
}

/** Switches the organisation's Content Lab on or off as its admin does in Settings › Organization (the organisation PATCH). */
export async function switchContentLab(admin: Api, organizationId: string, on: boolean) {
  const changed = await admin.patch(`/api/core/organization/${organizationId}/`, { content_lab_enabled: on });
  if (changed.status !== 200) throw new Error(`Content Lab switch: ${changed.status}`);
}

/** The admins' organisations with Content Lab switched on before the file's tests (after the admins are made). */
export function contentLabOnBeforeAll(studio: TestStudio, ...admins: OrganizationAdmin[]) {
  beforeAll(async () => {
    for (const admin of admins)
      await switchContentLab(caller(studio, admin.access), admin.organization.id, true);
  });
}

/**
 * The test file's studio with an organisation's admin and a rival organisation's (`admin`,
 * `rival`), both also as callers (`acme`, `other`) and both with Content Lab switched on, made
 * before its tests.
 */
export function fileAcmeAndRival() {
  const studio = fileStudio();
  const { admin, other: rival } = adminAndOther(studio);
  contentLabOnBeforeAll(studio, admin, rival);
  const acme = madeBeforeAll(() => caller(studio, admin.access));
  const other = madeBeforeAll(() => caller(studio, rival.access));
  return { studio, admin, rival, acme, other };
}
