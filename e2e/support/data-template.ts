import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startStudio } from './studio-process.ts';

/** Where the journeys find the template data directory (set for the workers by the setup below). */
const DATA_TEMPLATE_ENV = 'STUDIO_E2E_DATA_TEMPLATE';

/**
 * Vitest global setup of the e2e journeys: the built studio started once on an empty data
 * directory (its embedded database created and migrated as a first `npm start` does) and stopped;
 * each journey's studio then starts on a copy. A first start spends most of its minute on initdb
 * and the migrations, which every journey would otherwise repeat. Journeys on PostgreSQL
 * (E2E_DATABASE=postgres) start on their own empty database and skip it.
 */
export default async function setup() {
  if (process.env.E2E_DATABASE === 'postgres') return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'studio-e2e-template-'));
  const dataDir = path.join(dir, 'data');
  const studio = await startStudio(dataDir);
  const code = await studio.stop();
  if (code !== 0) throw new Error(`the template studio stopped with ${String(code)}:\n${studio.output()}`);
  process.env[DATA_TEMPLATE_ENV] = dataDir;
  return async () => {
    delete process.env[DATA_TEMPLATE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}

/** A journey's data directory made from the template, when there is one (else it starts empty). */
export async function dataDirFromTemplate(dataDir: string): Promise<void> {
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) await cp(template, dataDir, { recursive: true });
}
