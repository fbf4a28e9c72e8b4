export * from './api.ts';
export * from './facts.ts';
export * from './links.ts';
export * from './messages.ts';
export * from './rules.ts';
