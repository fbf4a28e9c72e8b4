// Runs every test of the repository (unit, integration, e2e) and ends with one plain line
// "Tests: N passed, N failed" that CI reads. The studio is built first: e2e drives the built app.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env: process.env }).status ?? 1;

if (run('npm', ['run', 'build', '--silent']) !== 0) {
  console.error('Tests: 0 passed, 1 failed (the studio did not build)');
  process.exit(1);
}

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'studio-test-report-'));
const report = path.join(reportDir, 'vitest.json');
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

let passed = 0;
let failed = 0;
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests + (results.numFailedTestSuites > 0 && results.numFailedTests === 0 ? 1 : 0);
  // Where the run's time went, for keeping CI under its 30 minutes.
  const timed = results.testResults.map((file) => ({
    file: path.relative(process.cwd(), file.name),
    seconds: (file.endTime - file.startTime) / 1000,
  }));
  const slowest = [...timed].sort((a, b) => b.seconds - a.seconds).slice(0, 12);
  console.log('Slowest test files:');
  for (const { file, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  const byArea = new Map();
  for (const { file, seconds } of timed) {
    const area = file
      .split(path.sep)
      .slice(0, file.startsWith('e2e') ? 1 : 2)
      .join('/');
    const total = byArea.get(area) ?? { files: 0, seconds: 0 };
    byArea.set(area, { files: total.files + 1, seconds: total.seconds + seconds });
  }
  console.log("Test files' time by area:");
  for (const [area, { files, seconds }] of [...byArea].sort((a, b) => b[1].seconds - a[1].seconds))
    console.log(`  ${seconds.toFixed(0).padStart(6)} s  ${area} (${files} files)`);
} catch {
  failed = Math.max(failed, 1);
}
rmSync(reportDir, { recursive: true, force: true });
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(status === 0 && failed === 0 && passed > 0 ? 0 : 1);
