export * from './clips.ts';
export * from './saved-searches.ts';
