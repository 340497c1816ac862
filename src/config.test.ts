import { describe, expect, test } from 'bun:test';
import { loadConfig, ConfigError } from './config';

describe('configuration', () => {
  test('local defaults need no variables', () => {
    const config = loadConfig({ DATABASE_PATH: ':memory:' });
    expect(config.PORT).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
  });

  test('a bad value names the variable in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_PATH: ':memory:' })).toThrow(/SESSION_SECRET/);
  });

  test('a bad secret or URL is named but not echoed into the logs', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('(got "eighty")');
    expect(() => loadConfig({ SESSION_SECRET: 'hunter2' })).toThrow('Invalid environment variable SESSION_SECRET: must be at least 32 characters');
    const smtp = (() => {
      try {
        loadConfig({ SMTP_URL: 'smtp://me:pa55word@ mail' });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(smtp).toStartWith('Invalid environment variable SMTP_URL: must be a URL');
    expect(smtp).not.toContain('pa55word');
  });

  test('PORT and DATABASE_PATH are honoured', () => {
    const config = loadConfig({ PORT: '4100', DATABASE_PATH: '/tmp/kalimat-x/app.db', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.PORT).toBe(4100);
    expect(config.DATABASE_PATH).toBe('/tmp/kalimat-x/app.db');
    expect(config.appUrl).toBe('http://localhost:4100');
  });
});
