import { afterAll, beforeAll } from 'vitest';
import { adminAndOutsider, type Api } from '../src/modules/back-office/back-office.fixtures.ts';
import type { StudioConfig } from '../src/studio.ts';
import { createTestStudio, type TestStudio } from './harness.ts';

/**
 * The test file's studio (createTestStudio with `config`): built before its tests, closed after
 * them. The object answered is filled in when it is built, so the file may keep it from the start.
 */
export function fileStudio(config: Partial<StudioConfig> = {}): TestStudio {
  const studio = {} as TestStudio;
  beforeAll(async () => {
    Object.assign(studio, await createTestStudio(config));
  });
  afterAll(() => studio.close());
  return studio;
}

/**
 * What `make` answers, made before the file's tests (after the hooks registered earlier, such as
 * fileStudio's): the object answered is filled in then, so the file may keep it from the start.
 */
export function madeBeforeAll<T extends object>(make: () => Promise<T>): T {
  const made = {} as T;
  beforeAll(async () => {
    Object.assign(made, await make());
  });
  return made;
}

/**
 * The test file's studio with an organisation's admin (`api`, `organizationId`) and another
 * organisation's admin (`outsider`), made before its tests. `studio`, `api` and `outsider` are
 * filled in then (a file may take them apart at once); read `organizationId` in the tests.
 */
export function fileAdminAndOutsider(name: string, outsiderName: string, config: Partial<StudioConfig> = {}) {
  const world = { studio: fileStudio(config), api: {} as Api, outsider: {} as Api, organizationId: '' };
  beforeAll(async () => {
    const made = await adminAndOutsider(world.studio, name, outsiderName);
    Object.assign(world.api, made.api);
    Object.assign(world.outsider, made.outsider);
    world.organizationId = made.organizationId;
  });
  return world;
}
