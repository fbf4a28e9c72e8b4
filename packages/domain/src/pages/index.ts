export * from './page-blocks.ts';
export * from './page-api.ts';
export * from './page-html-policy.ts';
export * from './page-render.ts';
export * from './default-pages.ts';
export * from './public-pages.ts';
export * from './attendee-page-style.ts';
