export * from './features.ts';
export * from './schemas.ts';
export * from './links.ts';
export * from './api.ts';
export * from './messages.ts';
export * from './profanity.ts';
export * from './gifs.ts';
export * from './moderation.ts';
