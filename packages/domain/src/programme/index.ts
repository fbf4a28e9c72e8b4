export * from './agenda.ts';
export * from './session-form.ts';
