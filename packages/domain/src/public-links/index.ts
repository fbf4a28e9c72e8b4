export * from './api.ts';
export * from './embed.ts';
export * from './paths.ts';
export * from './rules.ts';
