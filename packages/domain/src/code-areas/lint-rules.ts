import { codeAreaFrame, MARKETING_TRACKING_GLOBALS, type CodeArea } from './areas.ts';

/**
 * THE lint rule set of the code areas, run by the editor (in its worker) and by the server on every
 * save, with the same HTMLHint and JSHint: what the editor marks is what the server refuses.
 */

/** 001 §5: tag pair, special character escape, unique id, non-empty src, no duplicate attributes. */
export const CODE_AREA_HTML_RULES = {
  'tag-pair': true,
  'spec-char-escape': true,
  'id-unique': true,
  'src-not-empty': true,
  'attr-no-duplication': true,
} as const;

/** 002 §5.9: ES2011 (ES5), undefined variables refused, the marketing tracking objects allowed. */
export const CODE_AREA_JS_OPTIONS = {
  esversion: 5,
  undef: true,
  browser: true,
  devel: true,
  globals: Object.fromEntries(MARKETING_TRACKING_GLOBALS.map((name) => [name, true])),
} as const;

/** The text the lint reads: the area's read-only first line, the stored code, its read-only last line. */
export function framedCodeAreaText(area: CodeArea, code: string): string {
  const { first, last } = codeAreaFrame(area);
  return `${first}\n${code}\n${last}`;
}

/** The inline scripts of HTML (no src, no JSON data), with where their code starts. */
export function inlineScripts(html: string): { code: string; at: number }[] {
  const scripts: { code: string; at: number }[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [whole, attributes = '', code = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes))
      continue;
    scripts.push({ code, at: match.index + whole.indexOf('>') + 1 });
  }
  return scripts;
}
