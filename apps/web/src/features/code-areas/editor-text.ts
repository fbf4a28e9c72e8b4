import { codeAreaFrame, codeAreaProblems, framedCodeAreaText, type CodeArea } from '@studio/domain';

/** A finding in an editor's whole text (frame lines included): where, and what to fix. */
export interface LintFinding {
  from: number;
  to: number;
  message: string;
}

/** The editor's text: the read-only first line, the stored code, the read-only last line. */
export const framedText = framedCodeAreaText;

const innerStart = (area: CodeArea) => codeAreaFrame(area).first.length + 1;

/** The stored code of an editor's text (what lies between its frame lines). */
export function innerCode(area: CodeArea, text: string): string {
  const at = innerStart(area);
  return text.slice(at, Math.max(at, text.lastIndexOf('\n')));
}

/** The domain's rules (the ones the server refuses) as findings in the editor's text. */
export function domainFindings(area: CodeArea, text: string): LintFinding[] {
  const at = innerStart(area);
  return codeAreaProblems(area, innerCode(area, text)).map((problem) => ({
    from: at + problem.from,
    to: at + problem.to,
    message: problem.message,
  }));
}
