export * from './clips.ts';
export * from './saved-searches.ts';
export * from './projects.ts';
export * from './switch.ts';
