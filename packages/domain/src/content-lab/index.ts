export * from './clips.ts';
