import './jshint-window.ts';
import { HTMLHint } from 'htmlhint';
import { JSHINT } from 'jshint/dist/jshint.js';
import {
  CODE_AREA_HTML_RULES,
  CODE_AREA_JS_OPTIONS,
  codeAreaLanguage,
  inlineScripts,
  type CodeArea,
} from '@studio/domain';
import { domainFindings, type LintFinding } from './editor-text.ts';

/** The offset of a 1-based line and column in the text. */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let current = 1; current < line; current += 1) {
    const next = text.indexOf('\n', at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return Math.min(text.length, at + Math.max(0, column - 1));
}

const wordEnd = (text: string, from: number) => {
  const end = /^[\w$]+/.exec(text.slice(from))?.[0].length ?? 1;
  return Math.min(text.length, from + end);
};

function jsFindings(script: string, offset: number): LintFinding[] {
  JSHINT(script, CODE_AREA_JS_OPTIONS);
  return JSHINT.errors.flatMap((error) => {
    if (!error) return [];
    const from = offset + offsetOf(script, error.line, error.character);
    return [{ from, to: wordEnd(script, from - offset) + offset, message: error.reason }];
  });
}

/**
 * Everything wrong with an editor's text: the domain's rules on the stored part, HTMLHint on HTML
 * and JSHint on script with the domain's rule set (the server refuses the same). Runs in the lint worker.
 */
export function lintCode(area: CodeArea, text: string): LintFinding[] {
  const findings = domainFindings(area, text);
  if (codeAreaLanguage(area) === 'javascript') return [...findings, ...jsFindings(text, 0)];
  for (const hint of HTMLHint.verify(text, CODE_AREA_HTML_RULES)) {
    const from = offsetOf(text, hint.line, hint.col);
    findings.push({
      from,
      to: Math.min(text.length, from + Math.max(1, hint.raw.length)),
      message: hint.message,
    });
  }
  for (const script of inlineScripts(text)) findings.push(...jsFindings(script.code, script.at));
  return findings.sort((a, b) => a.from - b.from);
}
