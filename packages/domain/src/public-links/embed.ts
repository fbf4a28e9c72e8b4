/**
 * The embeddable on-demand player snippet (002 §2, 4:2.3): an iframe of the attendee origin's
 * `/embed/{eventId}` in a box that keeps the player's aspect ratio at any width.
 */

/** 002 §2: the player's aspect ratio, width : height. */
export const ON_DEMAND_EMBED_RATIO = { width: 4, height: 2.3 } as const;

/** The box's height as a share of its width (57.5%), the padding-top that holds the ratio. */
export const onDemandEmbedHeightPercent = () =>
  Math.round((ON_DEMAND_EMBED_RATIO.height / ON_DEMAND_EMBED_RATIO.width) * 10_000) / 100;

/** The embed builder's choices. Width: a CSS length of the box (the height follows the ratio). */
export interface OnDemandEmbedOptions {
  width: string;
  allowFullscreen: boolean;
  title: string;
}

export const DEFAULT_EMBED_OPTIONS: OnDemandEmbedOptions = {
  width: '100%',
  allowFullscreen: true,
  title: 'On-demand video',
};

/** 100%, 640px, 40rem, 80vw…: a width the snippet may carry into a visitor's page as it is. */
export const isEmbedWidth = (width: string) => /^(100|[1-9]\d?)%$|^[1-9]\d{1,3}(px|rem|em|vw)$/.test(width);

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML a visitor's site pastes: `embedUrl` is the attendee origin's `/embed/{eventId}`. */
export function onDemandEmbedSnippet(
  embedUrl: string,
  options: OnDemandEmbedOptions = DEFAULT_EMBED_OPTIONS,
): string {
  const width = isEmbedWidth(options.width) ? options.width : DEFAULT_EMBED_OPTIONS.width;
  // `allow` is the one switch: a `fullscreen` there grants it whatever a legacy `allowfullscreen` says.
  const allow = ['autoplay', 'picture-in-picture', ...(options.allowFullscreen ? ['fullscreen'] : [])];
  return (
    `<div style="position:relative;width:${width};max-width:100%;">` +
    `<div style="position:relative;padding-top:${onDemandEmbedHeightPercent()}%;">` +
    `<iframe src="${escapeAttribute(embedUrl)}" title="${escapeAttribute(options.title)}"` +
    ` style="position:absolute;inset:0;width:100%;height:100%;border:0;"` +
    ` allow="${allow.join('; ')}"></iframe></div></div>`
  );
}
