import type { CodeArea } from '@studio/domain';
import { domainFindings, type LintFinding } from './editor-text.ts';

let worker: Worker | undefined;
let sequence = 0;
const waiting = new Map<number, (findings: LintFinding[]) => void>();

/** An editor's findings, from the one lint worker the studio starts on first use. */
export function lintInWorker(area: CodeArea, text: string): Promise<LintFinding[]> {
  // Without workers (tests), the domain's own rules only.
  if (typeof Worker === 'undefined') return Promise.resolve(domainFindings(area, text));
  if (!worker) {
    worker = new Worker(new URL('./code-lint.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }: MessageEvent<{ id: number; findings: LintFinding[] }>) => {
      waiting.get(data.id)?.(data.findings);
      waiting.delete(data.id);
    };
  }
  sequence += 1;
  const id = sequence;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker?.postMessage({ id, area, text });
  });
}
