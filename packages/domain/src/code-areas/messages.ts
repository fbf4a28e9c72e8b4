/** 001 §5, §8; 002 §5.9, §8.5: the code editors' messages, verbatim. */
export const codeAreaMessages = {
  saved: (title: string) => `${title} code area successfully saved`,
  saveFailed: (title: string, message: string) => `Error in the ${title} code area: ${message}`,
  limitExceeded: (title: string) => `Character limit exceeded in the ${title} code area`,
  unresolvedError: (title: string) => `Unresolved error in the ${title} code area`,
  tagNotAllowed: 'Use of this tag is not allowed',
  keywordNotAllowed: 'Use of this keyword is not allowed',
  /** 002 §5.9 "JavaScript must be inside script tags" (the spec states the rule, not its words). */
  scriptOutsideTags: 'JavaScript must be inside script tags',
  /** Our words: a hook beyond CODE_AREA_MAX_CHARS. */
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  saving: 'Saving...',
  editorLabel: (title: string) => `${title} code`,
  codeAreasTitle: 'Code areas',
  /** The code areas' titles, and the pages they run on (`codeAreaPages`). */
  codeAreasHelp: (titles: string[], pages: string) =>
    `${titles.join(', ')}: your code on ${pages}. Hooks are called with the parameters their first line names.`,
  codeAreaPages: {
    event: "this event's landing and registration pages",
    series: "this series' registration page",
    template: 'the landing and registration pages of every event made from this template',
  },
  trackingPixelsTitle: 'Tracking Pixels',
  trackingPixelsHelp: "Your tracking pixel snippet, added to the end of this event's public pages.",
  /** A series' or repeating event's code runs on its registration page; a template's goes to its events. */
  seriesTrackingPixelsHelp:
    "Your tracking pixel snippet, added to the end of this series' registration page on your attendee site.",
  templateTrackingPixelsHelp:
    'Your tracking pixel snippet and code areas, copied onto every event made from this template.',
  loading: 'Loading the code areas',
  loadFailed: 'Error Loading Event, Please Try Again',
} as const;

/** 001 §2.3 JavaScript embeds: the organisation's code areas on its hub pages. */
export const javascriptEmbedsMessages = {
  title: 'JavaScript Embeds',
  help: (titles: string[]) =>
    `${titles.join(', ')}: your code on every hub page of the organization. Hooks are called with the parameters their first line names (pageType is Hub).`,
  hidden: 'JavaScript embeds are managed by the organization admins.',
  /** The list: each code area of the organisation is an instance (`…/javascript-embeds/{instanceID}`). */
  instanceColumn: 'Code area',
  codeColumn: 'Code',
  hasCode: 'Has code',
  noCode: 'Empty',
  instanceBadge: 'JavaScript embed',
  instanceHelp: (title: string) => `Your ${title} code on every hub page of the organization.`,
  back: 'Back to JavaScript Embeds',
  notFoundTitle: 'JavaScript embed not found',
  notFound: 'There is no such code area. Choose one from the JavaScript embeds.',
} as const;
