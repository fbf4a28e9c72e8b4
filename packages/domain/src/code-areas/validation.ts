import {
  BODY_DISALLOWED_TAGS,
  CODE_AREA_LIMITS,
  CODE_AREA_MAX_CHARS,
  CODE_AREA_TITLES,
  codeAreaLanguage,
  HEAD_ALLOWED_TAGS,
  RESTRICTED_KEYWORDS,
  type CodeArea,
} from './areas.ts';
import { codeAreaMessages } from './messages.ts';

/** A rule an area's code breaks, at [from, to) of the stored code (the editor marks it there). */
export interface CodeAreaProblem {
  rule: 'limit' | 'tag' | 'keyword' | 'script-outside-tags';
  message: string;
  from: number;
  to: number;
}

const KEYWORD = new RegExp(`\\b(?:${RESTRICTED_KEYWORDS.join('|')})\\b`, 'gi');
/** Elements whose content is not markup (scanned as text, never as tags). */
const RAW_TEXT = new Set(['script', 'style']);
/** Head elements whose text is allowed (anything else at the top of the head must be a tag). */
const HEAD_TEXT = new Set(['script', 'style', 'title', 'noscript']);

function isTagAllowed(area: CodeArea, tag: string): boolean {
  if (area === 'head') return (HEAD_ALLOWED_TAGS as readonly string[]).includes(tag);
  return !(BODY_DISALLOWED_TAGS as readonly string[]).includes(tag);
}

/**
 * The tags and loose text of an HTML area, in order: start and end tags with their name, text
 * outside them, skipping comments and the raw text of script and style elements.
 */
function* htmlParts(code: string) {
  const tag = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>?/g;
  let at = 0;
  for (let match = tag.exec(code); match; match = tag.exec(code)) {
    if (match.index > at) yield { kind: 'text' as const, from: at, to: match.index };
    at = match.index + match[0].length;
    const name = match[2]?.toLowerCase();
    if (!name) continue;
    const closing = match[1] === '/';
    yield { kind: 'tag' as const, name, closing, from: match.index, to: at };
    if (!closing && RAW_TEXT.has(name)) {
      const end = code.toLowerCase().indexOf(`</${name}`, at);
      at = end < 0 ? code.length : end;
      tag.lastIndex = at;
    }
  }
  if (at < code.length) yield { kind: 'text' as const, from: at, to: code.length };
}

function htmlProblems(area: CodeArea, code: string): CodeAreaProblem[] {
  const problems: CodeAreaProblem[] = [];
  const open: string[] = [];
  for (const part of htmlParts(code)) {
    if (part.kind === 'tag') {
      if (!isTagAllowed(area, part.name))
        problems.push({ rule: 'tag', message: codeAreaMessages.tagNotAllowed, from: part.from, to: part.to });
      const openAt = open.lastIndexOf(part.name);
      if (part.closing) {
        if (openAt >= 0) open.splice(openAt, 1);
      } else if (HEAD_TEXT.has(part.name)) open.push(part.name);
      continue;
    }
    const text = code.slice(part.from, part.to);
    if (area === 'head' && open.length === 0 && text.trim() !== '') {
      const from = part.from + (text.length - text.trimStart().length);
      problems.push({
        rule: 'script-outside-tags',
        message: codeAreaMessages.scriptOutsideTags,
        from,
        to: part.to - (text.length - text.trimEnd().length),
      });
    }
  }
  return problems;
}

/**
 * Every rule the stored code of an area breaks (002 §5.8, §5.9): its character limit, restricted
 * tags (Head: only its allowed tags; Body and tracking snippet: not the disallowed ones), script
 * outside script tags in the Head, restricted keywords anywhere. The editor shows them beside
 * HTMLHint's and JSHint's findings; the server refuses code with any of them.
 */
export function codeAreaProblems(area: CodeArea, code: string): CodeAreaProblem[] {
  const problems: CodeAreaProblem[] = [];
  const limit = CODE_AREA_LIMITS[area] || CODE_AREA_MAX_CHARS;
  if (code.length > limit)
    problems.push({
      rule: 'limit',
      message: CODE_AREA_LIMITS[area]
        ? codeAreaMessages.limitExceeded(CODE_AREA_TITLES[area])
        : codeAreaMessages.tooLong(limit),
      from: limit,
      to: code.length,
    });
  if (codeAreaLanguage(area) === 'html') problems.push(...htmlProblems(area, code));
  for (const match of code.matchAll(KEYWORD))
    problems.push({
      rule: 'keyword',
      message: codeAreaMessages.keywordNotAllowed,
      from: match.index,
      to: match.index + match[0].length,
    });
  return problems.sort((a, b) => a.from - b.from);
}

/** Whether the code is over its area's limit (the counter turns red and saving is blocked). */
export const isOverCodeAreaLimit = (area: CodeArea, code: string) =>
  CODE_AREA_LIMITS[area] > 0 && code.length > CODE_AREA_LIMITS[area];

/**
 * Why the code cannot be saved, as the spec says it (the limit first), or undefined. The server
 * answers it as the field's error; the editor shows it in its toast.
 */
export function codeAreaRefusal(area: CodeArea, code: string): string | undefined {
  const problems = codeAreaProblems(area, code);
  return (problems.find((problem) => problem.rule === 'limit') ?? problems[0])?.message;
}
