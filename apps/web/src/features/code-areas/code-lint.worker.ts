import type { CodeArea } from '@studio/domain';
import { lintCode } from './code-lint.ts';

/** The lint worker: HTMLHint and JSHint off the page's thread. */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; area: CodeArea; text: string }>) => void) | null;
  postMessage(message: unknown): void;
};
scope.onmessage = ({ data }) => scope.postMessage({ id: data.id, findings: lintCode(data.area, data.text) });
