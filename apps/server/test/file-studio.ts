import { afterAll, beforeAll } from 'vitest';
import { newAdmin } from '../src/modules/access/access.fixtures.ts';
import {
  adminAndOutsider,
  caller,
  newEvent,
  type Api,
} from '../src/modules/back-office/back-office.fixtures.ts';
import type { StudioConfig } from '../src/studio.ts';
import { createTestStudio, tempDir, type TestStudio } from './harness.ts';
import { startMailCatcher, type MailCatcher, type MailCatcherOptions } from './mail-catcher.ts';

/** A file studio's configuration, or a function answering it when the studio is built. */
export type FileStudioConfig = Partial<StudioConfig> | (() => Partial<StudioConfig>);

/** The configuration a file studio's `config` stands for, read when the studio is built. */
export function configOf(config: FileStudioConfig): Partial<StudioConfig> {
  return typeof config === 'function' ? config() : config;
}

/**
 * The test file's studio (createTestStudio with `config`): built before its tests, closed after
 * them. The object answered is filled in when it is built, so the file may keep it from the start.
 * `config` may be a function, read then (for values made before it, such as a fileTempDir's path).
 */
export function fileStudio(config: FileStudioConfig = {}): TestStudio {
  return openedForFile(() => createTestStudio(configOf(config)));
}

/**
 * The test file's studio (fileStudio with `config`) with an organisation's admin (`admin`, and as
 * a caller `api`), made before its tests.
 */
export function fileStudioWithAdmin(name?: string, config: FileStudioConfig = {}) {
  const studio = fileStudio(config);
  const admin = madeBeforeAll(() => newAdmin(studio, name));
  const api = madeBeforeAll(() => caller(studio, admin.access));
  return { studio, admin, api };
}

/**
 * What `make` answers, made before the file's tests (after the hooks registered earlier, such as
 * fileStudio's): the object answered is filled in then, so the file may keep it from the start.
 */
export function madeBeforeAll<T extends object>(make: () => T | Promise<T>): T {
  const made = {} as T;
  beforeAll(async () => {
    Object.assign(made, await make());
  });
  return made;
}

/**
 * What `open` answers (a studio, a server beside it), opened before the file's tests (as
 * madeBeforeAll makes it) and closed after them.
 */
export function openedForFile<T extends { close(): Promise<void> }>(open: () => Promise<T>): T {
  const opened = madeBeforeAll(open);
  afterAll(() => opened.close());
  return opened;
}

/** A mail catcher (startMailCatcher's) for the test file: started before its tests, closed after them. */
export function fileMailCatcher(options: MailCatcherOptions = {}): MailCatcher {
  return openedForFile(() => startMailCatcher(options));
}

/** A fresh directory for the test file: `path` filled in before its tests, the directory removed after them. */
export function fileTempDir(prefix: string): { path: string } {
  const dir = madeBeforeAll(() => tempDir(prefix));
  afterAll(() => dir.remove());
  return dir;
}

/**
 * The test file's studio with an organisation's admin (`api`, `organizationId`) and another
 * organisation's admin (`outsider`, `outsiderOrganizationId`), made before its tests. `studio`,
 * `api` and `outsider` are filled in then (a file may take them apart at once); read the
 * organisation ids in the tests.
 */
export function fileAdminAndOutsider(name: string, outsiderName: string, config: FileStudioConfig = {}) {
  const world = {
    studio: fileStudio(config),
    api: {} as Api,
    outsider: {} as Api,
    organizationId: '',
    outsiderOrganizationId: '',
  };
  beforeAll(async () => {
    const made = await adminAndOutsider(world.studio, name, outsiderName);
    Object.assign(world.api, made.api);
    Object.assign(world.outsider, made.outsider);
    world.organizationId = made.organizationId;
    world.outsiderOrganizationId = made.outsiderOrganizationId;
  });
  return world;
}

/** An organisation's admin (`admin`) and another organisation's (`other`), made before the file's tests in `studio`. */
export function adminAndOther(studio: TestStudio, otherName = 'Other Org') {
  const admin = madeBeforeAll(() => newAdmin(studio));
  const other = madeBeforeAll(() => newAdmin(studio, otherName));
  return { admin, other };
}

/**
 * An organisation's admin (`admin`, and as a caller `api`) with an event of theirs made of
 * `eventFields` (newEvent's), made before the file's tests in the file's `studio`.
 */
export function organiserWithEvent(
  studio: TestStudio,
  name: string,
  eventFields: Parameters<typeof newEvent>[1],
) {
  const admin = madeBeforeAll(() => newAdmin(studio, name));
  const api = madeBeforeAll(() => caller(studio, admin.access));
  const event = madeBeforeAll(() => newEvent(api, eventFields));
  return { admin, api, event };
}
