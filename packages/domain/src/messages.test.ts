import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from './index.ts';
import { messages } from './messages.ts';

/** zod's default English (its `en` locale): what an organiser must never read. */
const RAW_ZOD =
  /^(Too (small|big): expected|Invalid (input|option|string|number|key|value|discriminator|element)\b|Invalid (email address|UUID|ISO)|Unrecognized keys?:)/;

describe('zod messages', () => {
  it.each([
    [z.string().min(1), '', messages.fieldRequired],
    [z.string().trim().min(1), '   ', messages.fieldRequired],
    [z.string().max(255), 'x'.repeat(600), 'Enter at most 255 characters.'],
    [z.string().min(3), 'ab', 'Enter at least 3 characters.'],
    [z.array(z.string()).min(1), [], 'Choose at least one.'],
    [z.array(z.string()).max(2), ['a', 'b', 'c'], 'Choose at most 2 items.'],
    [z.url(), '', messages.fieldRequired],
    [z.url(), 'not a url', 'Enter a URL.'],
    [z.email(), 'nobody', 'Enter an email address.'],
    [z.string(), undefined, messages.fieldRequired],
    [z.number().int().min(0), -1, 'Enter a value of at least 0.'],
    [z.number().max(59), 999, 'Enter a value of at most 59.'],
    [z.enum(['a', 'b']), 'c', 'Choose one of the options.'],
  ])('%# a check without a message of its own reads plain', (schema, input, message) => {
    expect(schema.safeParse(input).error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it("keeps a schema's own message", () => {
    expect(z.string().min(1, 'Name it.').safeParse('').error?.issues[0]?.message).toBe('Name it.');
  });

  it("no schema of the domain answers with zod's default English", { timeout: 60_000 }, () => {
    const long = 'x'.repeat(20_000);
    const probesOf = (schema: z.ZodType): unknown[] => {
      const base: unknown[] = [undefined, null, '', long, -1, 1e12, [], {}, [''], [long]];
      if (!(schema instanceof z.ZodObject)) return base;
      const keys = Object.keys(schema.shape);
      const filled = (value: unknown) => Object.fromEntries(keys.map((key) => [key, value]));
      return [...base, filled(''), filled(long), filled([]), filled(-1), filled([{}]), filled({})];
    };
    const raw: string[] = [];
    for (const [name, value] of Object.entries(domain)) {
      if (!(value instanceof z.ZodType)) continue;
      for (const probe of probesOf(value)) {
        let issues: z.core.$ZodIssue[] = [];
        try {
          issues = value.safeParse(probe).error?.issues ?? [];
        } catch {
          continue; // a transform or refine that assumes a shape the probe lacks
        }
        for (const issue of issues) if (RAW_ZOD.test(issue.message)) raw.push(`${name}: ${issue.message}`);
      }
    }
    expect([...new Set(raw)]).toEqual([]);
  });
});
