export * from './preview.ts';
