export * from './agenda.ts';
