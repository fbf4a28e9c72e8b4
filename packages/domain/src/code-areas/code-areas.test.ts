import { describe, expect, it } from 'vitest';
import {
  javascriptEmbedsHidden,
  codeAreaFrame,
  codeAreaMessages,
  codeAreaProblems,
  codeAreaRefusal,
  isOverCodeAreaLimit,
  trackingSnippetSchema,
  updatePageCodeAreasSchema,
  type CodeArea,
} from './index.ts';

const rules = (area: CodeArea, code: string) => codeAreaProblems(area, code).map((problem) => problem.rule);

describe('code area rules (002 §5.8, §5.9)', () => {
  it.each([
    ['head', 2000],
    ['body', 2000],
    ['tracking_snippet', 2048],
  ] as const)('%s holds %i characters and refuses one more', (area, limit) => {
    const comment = (length: number) => `<!--${'x'.repeat(length - 7)}-->`;
    expect(codeAreaProblems(area, comment(limit))).toEqual([]);
    expect(isOverCodeAreaLimit(area, comment(limit))).toBe(false);
    expect(isOverCodeAreaLimit(area, comment(limit + 1))).toBe(true);
  });

  it('says the limit in the spec’s words with the area’s title', () => {
    expect(codeAreaRefusal('head', `<!--${'x'.repeat(2000)}-->`)).toBe(
      'Character limit exceeded in the Head code area',
    );
    expect(codeAreaRefusal('tracking_snippet', `<!--${'x'.repeat(2048)}-->`)).toBe(
      'Character limit exceeded in the Tracking Pixel Snippet code area',
    );
  });

  it('hooks have no counter but the server still bounds them', () => {
    expect(isOverCodeAreaLimit('form_submission', 'x'.repeat(50_000))).toBe(false);
    expect(codeAreaRefusal('form_submission', 'x'.repeat(10_000))).toBeUndefined();
    expect(codeAreaRefusal('form_submission', 'x'.repeat(10_001))).toBe(codeAreaMessages.tooLong(10_000));
  });

  it.each([
    [
      'head',
      '<script>gtag("js")</script><meta name="a" content="b"><link rel="x" href="/y"><style>p{}</style>',
      [],
    ],
    ['head', '<noscript><img src="/p.gif"></noscript><title>T</title><base href="/">', ['tag']],
    ['head', '<div>hello</div>', ['tag', 'script-outside-tags', 'tag']],
    ['head', 'gtag("config", "G-1");', ['script-outside-tags']],
    ['head', '<script>var a = "<div>";</script>', []],
    ['body', '<div id="a"><img src="/p.gif"></div><script>fbq("track")</script>', []],
    ['body', '<style>p{}</style>', ['tag', 'tag']],
    ['body', '<META name="x">', ['tag']],
    ['body', 'plain words', []],
    ['tracking_snippet', '<img src="https://px.example/p.gif"><link rel="x">', ['tag']],
    ['head', '<script>document.cookie = "a=1"</script>', ['keyword']],
    [
      'body',
      '<script>localStorage.setItem("a", 1); sessionStorage.x; indexedDB.open("d")</script>',
      ['keyword', 'keyword', 'keyword'],
    ],
    ['form_submission', 'console.log(submissionData, isReRegistration);', []],
    ['form_submission', '<div> is not a tag rule here; window.localStorage', ['keyword']],
    ['body', '<p>We use cookies</p>', []],
  ] as const)('%s: %s', (area, code, expected) => {
    expect(rules(area, code)).toEqual(expected);
  });

  it('marks a problem where it is', () => {
    const code = '<meta name="a">\n<div>x</div>';
    const [problem] = codeAreaProblems('head', code);
    expect(problem).toMatchObject({ message: 'Use of this tag is not allowed' });
    expect(code.slice(problem?.from, problem?.to)).toBe('<div>');
    const [keyword] = codeAreaProblems('body', '<script>x.cookie</script>');
    expect(keyword?.message).toBe('Use of this keyword is not allowed');
  });

  it('frames the hooks with their parameters and the HTML with its element', () => {
    expect(codeAreaFrame('form_submission').first).toBe(
      'function onFormSubmission(submissionData, isReRegistration) {',
    );
    expect(codeAreaFrame('add_to_calendar').first).toBe(
      'function onAddToCalendar(sessionName, sessionId, calendarType) {',
    );
    expect(codeAreaFrame('register_cta_click').first).toBe(
      'function onRegisterCtaClick(eventId, eventName, blockType, blockId, pageType) {',
    );
    expect(codeAreaFrame('custom_cta_click').first).toBe(
      'function onCustomCtaClick(ctaText, ctaUrl, blockType, blockId, pageType) {',
    );
    expect(codeAreaFrame('head')).toEqual({ first: '<head>', last: '</head>' });
  });

  it('messages are the spec’s', () => {
    expect(codeAreaMessages.saved('Head')).toBe('Head code area successfully saved');
    expect(codeAreaMessages.saveFailed('Body', 'Use of this tag is not allowed')).toBe(
      'Error in the Body code area: Use of this tag is not allowed',
    );
    expect(codeAreaMessages.unresolvedError('Head')).toBe('Unresolved error in the Head code area');
  });
});

describe('code area requests', () => {
  it('refuses a restricted tag on its field and accepts clean code', () => {
    const refused = updatePageCodeAreasSchema.safeParse({ head: '<div></div>', body: '<p>ok</p>' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['head', 'Use of this tag is not allowed'],
    ]);
    expect(updatePageCodeAreasSchema.safeParse({ body: '<p>ok</p>' }).success).toBe(true);
    expect(updatePageCodeAreasSchema.safeParse({ footer: '' }).success).toBe(false);
  });

  it('refuses an oversized tracking snippet', () => {
    const refused = trackingSnippetSchema.safeParse({ body_section_script: 'x'.repeat(2049) });
    expect(refused.error?.issues[0]?.message).toBe(
      'Character limit exceeded in the Tracking Pixel Snippet code area',
    );
  });
});

describe('JavaScript embeds visibility (001 §2.3)', () => {
  it('hides them from team admins only when workspaces are enabled', () => {
    expect(javascriptEmbedsHidden('WORKSPACE_ADMIN', true)).toBe(true);
    expect(javascriptEmbedsHidden('WORKSPACE_ADMIN', false)).toBe(false);
    expect(javascriptEmbedsHidden('ORG_ADMIN', true)).toBe(false);
    expect(javascriptEmbedsHidden(null, true)).toBe(false);
  });
});
