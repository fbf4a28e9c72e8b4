import { adminAndOther, fileStudio, madeBeforeAll } from '../../../test/file-studio.ts';
import { caller } from '../back-office/back-office.fixtures.ts';

/**
 * The test file's studio with an organisation's admin and a rival organisation's (`admin`,
 * `rival`), both also as callers (`acme`, `other`), made before its tests.
 */
export function fileAcmeAndRival() {
  const studio = fileStudio();
  const { admin, other: rival } = adminAndOther(studio);
  const acme = madeBeforeAll(() => caller(studio, admin.access));
  const other = madeBeforeAll(() => caller(studio, rival.access));
  return { studio, admin, rival, acme, other };
}
