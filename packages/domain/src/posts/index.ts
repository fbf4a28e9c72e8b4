export * from './api.ts';
export * from './drafting.ts';
