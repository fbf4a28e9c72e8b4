import htmlhint from 'htmlhint';
import { JSHINT } from 'jshint';
import {
  CODE_AREA_HTML_RULES,
  CODE_AREA_JS_OPTIONS,
  CODE_AREA_TITLES,
  codeAreaLanguage,
  codeAreaMessages,
  framedCodeAreaText,
  inlineScripts,
  type CodeArea,
} from '@studio/domain';
import { fieldError } from '../../platform/http/errors.ts';

const scriptHasErrors = (script: string) => {
  JSHINT(script, CODE_AREA_JS_OPTIONS);
  return JSHINT.errors.some(Boolean);
};

/** Whether HTMLHint or JSHint finds anything in the area's code, read as its editor reads it (framed). */
function hasLintErrors(area: CodeArea, code: string): boolean {
  const text = framedCodeAreaText(area, code);
  if (codeAreaLanguage(area) === 'javascript') return scriptHasErrors(text);
  if (htmlhint.HTMLHint.verify(text, CODE_AREA_HTML_RULES).length > 0) return true;
  return inlineScripts(text).some((script) => scriptHasErrors(script.code));
}

/**
 * 001 §5, 002 §5.9 "Lint errors block saving", on the server too (never trust the editor): the
 * first area of the changes with a lint error refuses the save with 400 'Unresolved error in the
 * {title} code area', as the field's error (`fieldOf` names the request's field).
 */
export function refuseLintErrors(
  changes: Partial<Record<CodeArea, string | undefined>>,
  fieldOf: (area: CodeArea) => string = (area) => area,
): void {
  for (const [area, code] of Object.entries(changes) as [CodeArea, string | undefined][])
    if (code !== undefined && hasLintErrors(area, code))
      throw fieldError(fieldOf(area), codeAreaMessages.unresolvedError(CODE_AREA_TITLES[area]));
}
