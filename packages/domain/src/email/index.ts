export * from './templates.ts';
