/**
 * The attendee pages' stylesheet: the attendee site sends it inline in every page (allowed by its
 * hash in the site's CSP), and the studio's page builder puts it in its preview frame, so a page's
 * blocks look there as they will to attendees. Moved here from apps/server's attendee-site layout.
 */

/**
 * The pages' accent where the event's branding sets none (buttons, chapter links): white on it reads
 * at 5.0:1 and it on the page's grey at 4.7:1, WCAG AA's 4.5:1 (the event app's stylesheet uses it
 * too).
 */
const ACCENT = '#1971c2';

/**
 * The event's branding (issue 18): its CSS variables (`brandingCssVariables`, set per event, and
 * live by the preview) over these defaults. The landing and registration pages wear the landing
 * settings, the event app's pages (`stage-page`) the stage's (its stylesheet, event-app.css, the
 * stage's screen saver and popups).
 */
const BRANDED_STYLE =
  // The page's background covers the whole page however long it scrolls: fixed to the window (each
  // rule giving a `background` says it again: the shorthand resets it), and the root as tall as the
  // window at least, where a browser paints it with the page (iOS ignores `fixed`).
  'html{min-height:100%}' +
  'body{font-family:var(--brand-landing-font,system-ui,sans-serif);background:var(--brand-hero-background,#f6f7f9);background-attachment:fixed}' +
  'main{position:relative;color:var(--brand-landing-text,#1a1b1e)}' +
  'body::after{content:"";position:fixed;z-index:-1;inset:auto 0 0 0;height:var(--brand-hero-gradient-height,0);pointer-events:none;' +
  'background:linear-gradient(transparent,rgba(var(--brand-overlay-shade,0,0,0),.6))}' +
  `.button{background:var(--brand-button-background,${ACCENT});color:var(--brand-button-text,#fff)}` +
  '.event-logo{display:block;max-height:3rem;max-width:12rem;margin:0 0 1rem}' +
  '.event-title{display:var(--brand-title-display,block)}.event-dates{display:var(--brand-date-display,block)}' +
  // The hero (a page's Hero block, the default landing's heading): a window onto the hero behind
  // the card, its text in the hero's "Text color on the image".
  '.page-hero{padding:1.5rem;border-radius:6px;background:var(--brand-hero-background,none);background-attachment:fixed;' +
  'color:var(--brand-landing-text-on-image,inherit)}.page-hero .muted{color:inherit;opacity:.85}' +
  'body.stage-page{font-family:var(--brand-stage-font,system-ui,sans-serif);background:var(--brand-stage-background,#f6f7f9);background-attachment:fixed}' +
  '.stage-page main{box-shadow:none;color:var(--brand-stage-text,#1a1b1e);background:rgba(var(--brand-overlay-shade,255,255,255),var(--brand-page-item-alpha,1));' +
  'backdrop-filter:blur(var(--brand-sidebar-blur,0))}.stage-page .muted{color:inherit;opacity:.75}' +
  '.stage-page video,.stage-screen{background:var(--brand-video-stream-background,#000)}' +
  '.stage-screen{position:relative;aspect-ratio:16/9;border-radius:6px;overflow:hidden;background-size:cover}' +
  '.stage-screen>*{position:absolute}.stage-screen .filler{inset:0;width:100%;height:100%;object-fit:cover}' +
  '.sponsor-logo{top:.75rem;right:.75rem;max-height:15%;max-width:25%}' +
  '.lower-third{left:1rem;bottom:1rem;padding:.5rem 1rem;border-radius:4px;background:var(--brand-lower-third-background,#2563eb);color:var(--brand-lower-third-text,#fff)}' +
  '.name-card{left:1rem;top:1rem;padding:.4rem .9rem;border-radius:var(--brand-name-card-radius,0);' +
  'background:var(--brand-name-card-background,transparent);color:var(--brand-name-card-text,inherit)}' +
  '.name-card small{display:var(--brand-name-card-title-display,block)}' +
  '.chat-panel{margin-top:1rem;padding:1rem;border-radius:6px;background:rgba(var(--brand-overlay-shade,0,0,0),var(--brand-sidebar-alpha,.5));' +
  'backdrop-filter:blur(var(--brand-sidebar-blur,0))}' +
  // The landing agenda (the preview's dropdown, a page's Agenda block): its background, its sessions tiles.
  '.landing-agenda,.page-agenda ol{margin-top:1rem;padding:.75rem;border-radius:6px;background:var(--brand-landing-agenda-background,#fff)}' +
  '.landing-agenda li,.page-agenda li{background:rgba(var(--brand-agenda-tile-shade,255,255,255),.6);padding:.5rem;margin:.25rem 0;border-radius:4px}' +
  '@media (max-width:480px){body{background:var(--brand-hero-background-mobile,#f6f7f9);background-attachment:fixed}' +
  'body::after{height:var(--brand-hero-gradient-height-mobile,0)}' +
  '.page-hero{background:var(--brand-hero-background-mobile,none);background-attachment:fixed}' +
  'body.stage-page{background:var(--brand-stage-background-mobile,#f6f7f9);background-attachment:fixed}' +
  '.stage-page video,.stage-screen{background:var(--brand-video-stream-background-mobile,#000)}}';

/**
 * Sizes for a thumb (the phone walk): every button, box row, chapter and event link is at least
 * 44px tall and a box 20px square, on every width; the embed never outgrows its frame; a select
 * looks like the text inputs. Sizes and spacing only (colours stay in the rules above and in
 * BRANDED_STYLE).
 */
const TAP_TARGET_PX = 44;
const TAP_TARGET_STYLE =
  `.button{box-sizing:border-box;min-height:${TAP_TARGET_PX}px;display:inline-flex;align-items:center;justify-content:center;gap:.4rem;vertical-align:middle}` +
  `label.choice{min-height:${TAP_TARGET_PX}px;align-items:center;margin:0;cursor:pointer}` +
  'input:is([type=checkbox],[type=radio]){flex:none;width:1.25rem;height:1.25rem;margin:0 .6rem 0 0}' +
  'select{background-color:#fff;color:inherit}' +
  // Text inputs and selects (the registration form's) as tall as a button.
  `input:not([type=checkbox],[type=radio]),select{min-height:${TAP_TARGET_PX}px}` +
  '.page-chapters li{padding:0}' +
  `.page-chapters button{display:block;width:100%;min-height:${TAP_TARGET_PX}px;text-align:left}` +
  // A hub's or series' events: the title a full-width row to tap, its date on a line of its own.
  `.page-eventlist a{display:flex;align-items:center;min-height:${TAP_TARGET_PX}px}` +
  '.page-eventlist li{padding:.25rem 0 .5rem}.page-eventlist time{display:block;font-size:.875rem}' +
  // The embed: no page margins (a message's margin collapsed through main past the frame's foot).
  '.embed{overflow:hidden}.embed main{min-height:0}.embed .muted{margin:0}.embed video{max-height:100vh}';

/**
 * The attendee pages' one style: inline, allowed by its hash in the site's CSP (no
 * 'unsafe-inline'). The islands use these classes too, and the registration form its fields'
 * (`.field`, `.choice`, `.field-error`, `.required`).
 */
export const ATTENDEE_PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1a1b1e}' +
  'main{max-width:40rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;' +
  'box-shadow:0 1px 2px rgba(15,23,42,.06),0 12px 32px rgba(15,23,42,.12)}' +
  'h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}' +
  '.muted{color:#5c5f66}ul{padding:0;list-style:none}li{padding:.5rem 0;border-top:1px solid #e9ecef}' +
  `.button{display:inline-block;padding:.6rem 1.2rem;border:0;border-radius:6px;background:${ACCENT};color:#fff;` +
  'font:inherit;text-decoration:none;cursor:pointer}.button:disabled{opacity:.6}.button.secondary{background:#e9ecef;color:#1a1b1e}' +
  'label,legend{display:block;margin:.75rem 0 .25rem;font-weight:600;padding:0}' +
  ':is(input,select,textarea){box-sizing:border-box;width:100%;padding:.55rem;font:inherit;' +
  'border:1px solid #ced4da;border-radius:6px}input:is([type=checkbox],[type=radio]){width:auto;margin:0 .4rem 0 0}' +
  'fieldset{border:0;margin:0;padding:0}label.choice{display:flex;align-items:baseline;font-weight:400;margin:.35rem 0}' +
  // A choice's note (a series event's dates) at the row's end, apart from its title.
  'label.choice>.muted{margin-left:auto;padding-left:1rem;text-align:right}' +
  '.field-description{margin:0 0 .25rem;font-size:.875rem}.required,.field-error{color:#c92a2a}' +
  '.field-error{margin:.25rem 0 0;font-size:.875rem}[aria-invalid=true]{border-color:#c92a2a}form .button{margin-top:1rem}' +
  '.alert{padding:.75rem;border-radius:6px;margin:1rem 0;background:#e7f5ff}.alert>p{margin:0}.alert>p+p{margin-top:.5rem}.alert.error{background:#fff5f5;color:#c92a2a}.alert.warning{background:#fff9db;color:#5c3c00}.alert:empty{display:none}' +
  '.row{display:flex;gap:.5rem;align-items:center;justify-content:space-between}.big{font-size:1.25rem;padding:1rem}' +
  // The check-in desk's row: the person (name, the email on its own line) takes the room, the
  // action keeps one line in a fixed column at the row's end, whatever the email's length.
  '.check-in-who{flex:1 1 auto;min-width:0;overflow-wrap:anywhere}.check-in-who>.muted{display:block;font-size:.875rem}' +
  '.check-in-action{flex:none;min-width:7rem;text-align:right;white-space:nowrap}' +
  '.counts{font-size:1.1rem;font-weight:600}video{width:100%;border-radius:6px;background:#000}' +
  // Speaker cards wrap in centred rows: one card alone sits in the middle, not in an empty grid's first column.
  '.page-speakers ul{display:flex;flex-wrap:wrap;justify-content:center;gap:.75rem}' +
  '.page-speakers li{flex:1 1 9rem;max-width:14rem}' +
  '.page-speakers li{border:1px solid #e9ecef;border-radius:8px;padding:1rem;text-align:center}' +
  '.page-speakers img{display:block;width:5rem;height:5rem;margin:0 auto .5rem;border-radius:50%;object-fit:cover}' +
  '.page-speakers strong,.page-speakers span{display:block}.page-speakers span{color:#5c5f66;font-size:.875rem}' +
  // A page's blocks apart (a heading's own margin is the larger where a block opens with one).
  '.page-block+.page-block{margin-top:1rem}' +
  // A video's chapters: their times number them.
  '.page-chapters{list-style:none;padding:0}' +
  // The Event details block: each value under its small label, not indented as a bare <dd>.
  '.page-eventdetails dt{font-size:.875rem;opacity:.8}.page-eventdetails dd{margin:0 0 .5rem}' +
  // An Agenda block's session: its title, its times on a line under it.
  '.page-agenda ol{list-style:none}.page-agenda li{border-top:0}.page-agenda strong,.page-agenda time{display:block}.page-agenda time{font-size:.875rem;opacity:.8}' +
  '.calendar-links{display:flex;flex-wrap:wrap;gap:.5rem}' +
  `.page-chapters button{border:0;background:none;color:${ACCENT};font:inherit;cursor:pointer;padding:0}` +
  '.embed{background:#000}.embed main{max-width:none;margin:0;padding:0;border-radius:0;background:#000;box-shadow:none}' +
  '.embed video{display:block;aspect-ratio:4/2.3;border-radius:0}.embed .muted{color:#ced4da;padding:1rem}' +
  '@media (max-width:480px){main{margin:0;border-radius:0;padding:1rem;min-height:100vh}}' +
  TAP_TARGET_STYLE +
  BRANDED_STYLE;
