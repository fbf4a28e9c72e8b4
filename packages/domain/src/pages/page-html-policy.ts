import { RICH_TEXT_TAGS } from '../rich-text.ts';

type Attributes = Record<string, string>;

/**
 * Spec 001 §5: HTML shown on pages is sanitised — iframes, images, video and source allowed,
 * javascript links stripped, blank-target links get `noopener noreferrer`. The options of
 * sanitize-html, the one sanitiser (server and the builder's preview apply these same options).
 */
export const PAGE_HTML_POLICY = {
  allowedTags: [...RICH_TEXT_TAGS, 'span', 'div', 'u', 'blockquote', 'iframe', 'img', 'video', 'source'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'frameborder'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'poster', 'width', 'height', 'controls', 'muted', 'loop', 'playsinline'],
    source: ['src', 'type'],
    '*': ['style'],
  },
  /** Void elements written without a closing tag (`source` is one). */
  selfClosing: ['img', 'br', 'hr', 'source'],
  allowedStyles: { '*': { 'text-align': [/^(left|center|right|justify)$/] } },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName: string, attribs: Attributes) => {
      const { rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: rest.target === '_blank' ? { ...rest, rel: 'noopener noreferrer' } : rest,
      };
    },
  },
};

/** What a page's renderer is given to clean organisers' HTML (sanitize-html with PAGE_HTML_POLICY). */
export type PageHtmlSanitizer = (html: string) => string;
