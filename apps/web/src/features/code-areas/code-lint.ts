import './jshint-window.ts';
import { HTMLHint } from 'htmlhint';
import { JSHINT } from 'jshint/dist/jshint.js';
import { codeAreaLanguage, MARKETING_TRACKING_GLOBALS, type CodeArea } from '@studio/domain';
import { domainFindings, type LintFinding } from './editor-text.ts';

/** 001 §5: tag pair, special character escape, unique id, non-empty src, no duplicate attributes. */
const HTML_RULES = {
  'tag-pair': true,
  'spec-char-escape': true,
  'id-unique': true,
  'src-not-empty': true,
  'attr-no-duplication': true,
};
/** 002 §5.9: ES2011 (ES5), undefined variables refused, the marketing tracking objects allowed. */
const JS_OPTIONS = {
  esversion: 5,
  undef: true,
  browser: true,
  devel: true,
  globals: Object.fromEntries(MARKETING_TRACKING_GLOBALS.map((name) => [name, true])),
};

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
  JSHINT(script, JS_OPTIONS);
  return JSHINT.errors.flatMap((error) => {
    if (!error) return [];
    const from = offset + offsetOf(script, error.line, error.character);
    return [{ from, to: wordEnd(script, from - offset) + offset, message: error.reason }];
  });
}

/** The inline scripts of HTML (no src), with where their code starts. */
function inlineScripts(html: string): { code: string; at: number }[] {
  const scripts: { code: string; at: number }[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [whole, attributes = '', code = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes))
      continue;
    scripts.push({ code, at: match.index + whole.indexOf('>') + 1 });
  }
  return scripts;
}

/**
 * Everything wrong with an editor's text: the domain's rules (the same the server refuses) on the
 * stored part, HTMLHint on HTML and JSHint on script. Runs in the lint worker.
 */
export function lintCode(area: CodeArea, text: string): LintFinding[] {
  const findings = domainFindings(area, text);
  if (codeAreaLanguage(area) === 'javascript') return [...findings, ...jsFindings(text, 0)];
  for (const hint of HTMLHint.verify(text, HTML_RULES)) {
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
