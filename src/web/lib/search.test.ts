import { describe, expect, test } from 'bun:test';
import { searchKeys } from './search';

describe("a route's search keys", () => {
  const keys = searchKeys('tab', 'redirect');
  // The router hands over whatever it parsed from the address; the parameter's type is what a link may give.
  const read = (search: Record<string, unknown>) => keys(search as Parameters<typeof keys>[0]);

  test('are kept as text, whatever the router parsed them into; a missing key stays missing', () => {
    expect(read({ tab: 'register' })).toEqual({ tab: 'register' });
    expect(read({ tab: 123, redirect: true })).toEqual({ tab: '123', redirect: 'true' });
    expect(read({ tab: null })).toEqual({ tab: 'null' });
    expect(read({})).toEqual({});
    expect('tab' in read({ tab: undefined })).toBe(false);
  });

  test('other keys are dropped', () => {
    expect(read({ tab: 'login', utm_source: 'mail', __proto__: 'x' })).toEqual({ tab: 'login' });
  });
});
