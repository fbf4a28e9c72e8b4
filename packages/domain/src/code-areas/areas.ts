/**
 * Custom code areas (spec 001 §3, §4, §5; 002 §2.4, §5.8, §5.9, §8.5): an event's Head and Body
 * HTML, four script hooks called on its public pages, and its tracking pixel snippet.
 */

/** The script hooks of an event page: the code areas other than its Head and Body HTML. */
export const PAGE_HOOK_AREAS = [
  'form_submission',
  'add_to_calendar',
  'register_cta_click',
  'custom_cta_click',
] as const;
export type PageHookArea = (typeof PAGE_HOOK_AREAS)[number];

/** The code areas of an event page, as the API names them. */
export const PAGE_CODE_AREAS = ['head', 'body', ...PAGE_HOOK_AREAS] as const;
export type PageCodeArea = (typeof PAGE_CODE_AREAS)[number];
/** Every editor: the page's areas and the tracking snippet (`body_section_script`). */
export type CodeArea = PageCodeArea | 'tracking_snippet';

export const isPageHookArea = (area: CodeArea): area is PageHookArea =>
  (PAGE_HOOK_AREAS as readonly string[]).includes(area);

/** 002 §5.9 callback parameters, in the order the hook receives them. */
export const PAGE_HOOK_PARAMETERS: Record<PageHookArea, readonly string[]> = {
  form_submission: ['submissionData', 'isReRegistration'],
  add_to_calendar: ['sessionName', 'sessionId', 'calendarType'],
  register_cta_click: ['eventId', 'eventName', 'blockType', 'blockId', 'pageType'],
  custom_cta_click: ['ctaText', 'ctaUrl', 'blockType', 'blockId', 'pageType'],
};
export const CALENDAR_TYPES = ['appleical', 'google', 'outlookcom', 'outlook'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];
export const CTA_PAGE_TYPES = ['Registration', 'Hub'] as const;
export type CtaPageType = (typeof CTA_PAGE_TYPES)[number];

/** The hooks' function names on the page's hook runner (`window.__studioHooks`). */
export const PAGE_HOOK_FUNCTIONS: Record<PageHookArea, string> = {
  form_submission: 'onFormSubmission',
  add_to_calendar: 'onAddToCalendar',
  register_cta_click: 'onRegisterCtaClick',
  custom_cta_click: 'onCustomCtaClick',
};
/** The global the public pages hang the hooks on; the attendee bundle calls them from there. */
export const PAGE_HOOKS_GLOBAL = '__studioHooks';

/** The editors' titles ({title} in the messages). */
export const CODE_AREA_TITLES: Record<CodeArea, string> = {
  head: 'Head',
  body: 'Body',
  form_submission: 'Form Submission',
  add_to_calendar: 'Add to Calendar',
  register_cta_click: 'Register CTA Click',
  custom_cta_click: 'Custom CTA Click',
  tracking_snippet: 'Tracking Pixel Snippet',
};

/**
 * Character limits (002 §5.8, §5.9); 0 means the editor shows no counter (the spec gives none for
 * the hooks), and the server then holds the area to `CODE_AREA_MAX_CHARS`.
 */
export const CODE_AREA_LIMITS: Record<CodeArea, number> = {
  head: 2000,
  body: 2000,
  form_submission: 0,
  add_to_calendar: 0,
  register_cta_click: 0,
  custom_cta_click: 0,
  tracking_snippet: 2048,
};
/** What the server stores at most in an area without a limit of its own. */
export const CODE_AREA_MAX_CHARS = 10_000;

/** 001 §9: the editor lints this long after the last keystroke. */
export const CODE_AREA_LINT_WAIT_MS = 200;

/** 002 §5.9: the only tags the Head allows. */
export const HEAD_ALLOWED_TAGS = [
  'script',
  'meta',
  'link',
  'style',
  'noscript',
  'title',
  'head',
  'base',
] as const;
/** 002 §5.9: the tags the Body (and the tracking snippet, a body section) refuses. */
export const BODY_DISALLOWED_TAGS = ['style', 'link', 'meta', 'title', 'head', 'base'] as const;
/**
 * 002 §5.8: restricted keywords — cookie, localStorage, sessionStorage and one the spec does not
 * show (we take indexedDB, the remaining browser storage). Refused in every area.
 */
export const RESTRICTED_KEYWORDS = ['cookie', 'localStorage', 'sessionStorage', 'indexedDB'] as const;

/** 002 §5.9 JSHint: ES2011 (ES5), undefined variables refused, these marketing tracking objects allowed. */
export const MARKETING_TRACKING_GLOBALS = ['dataLayer', 'gtag', 'fbq', '_linkedin_partner_id'] as const;

/** Whether an area holds HTML (Head, Body, tracking snippet) or a hook's JavaScript. */
export const codeAreaLanguage = (area: CodeArea): 'html' | 'javascript' =>
  isPageHookArea(area) ? 'javascript' : 'html';

/**
 * The read-only first and last lines of an area's editor (002 §2.4, §5.8): the element the HTML
 * lands in, or the hook's function with its parameters. What is stored is what lies between.
 */
export function codeAreaFrame(area: CodeArea): { first: string; last: string } {
  if (area === 'head') return { first: '<head>', last: '</head>' };
  if (area === 'body' || area === 'tracking_snippet') return { first: '<body>', last: '</body>' };
  return {
    first: `function ${PAGE_HOOK_FUNCTIONS[area]}(${PAGE_HOOK_PARAMETERS[area].join(', ')}) {`,
    last: '}',
  };
}

/**
 * 001 §2.3, §3: the organisation's JavaScript embeds (`/integrations/javascript-embeds`), its code
 * areas on every hub page, are hidden for team (workspace) admins when workspaces are enabled.
 */
export const javascriptEmbedsHidden = (role: string | null, workspacesEnabled: boolean) =>
  workspacesEnabled && role === 'WORKSPACE_ADMIN';
