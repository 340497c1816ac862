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

  test('the movable clock is a test setting refused in production', () => {
    expect(loadConfig({ DATABASE_PATH: ':memory:', MOVABLE_CLOCK: 'true' }).MOVABLE_CLOCK).toBe(true);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_PATH: ':memory:', SESSION_SECRET: 'x'.repeat(32), MOVABLE_CLOCK: 'true' }),
    ).toThrow('Invalid environment variable MOVABLE_CLOCK: a test setting, refused in production');
  });

  test('the VAPID keys of web push go together', () => {
    expect(() => loadConfig({ DATABASE_PATH: ':memory:', VAPID_PUBLIC_KEY: 'k' })).toThrow(
      'Invalid environment variable VAPID_PRIVATE_KEY: the two VAPID keys go together',
    );
    expect(() => loadConfig({ DATABASE_PATH: ':memory:', VAPID_PRIVATE_KEY: 'k' })).toThrow(
      'Invalid environment variable VAPID_PUBLIC_KEY: the two VAPID keys go together',
    );
  });

  test('a bad secret or URL is named but not echoed into the logs', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('(got "eighty")');
    expect(() => loadConfig({ SESSION_SECRET: 'hunter2' })).toThrow(
      'Invalid environment variable SESSION_SECRET: must be at least 32 characters',
    );
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

  test('backups are off without BACKUP_BUCKET, and a bucket needs its access key and secret', () => {
    expect(loadConfig({ DATABASE_PATH: ':memory:' }).BACKUP_BUCKET).toBeUndefined();
    expect(() => loadConfig({ DATABASE_PATH: ':memory:', BACKUP_BUCKET: 'b' })).toThrow(
      'Invalid environment variable AWS_ACCESS_KEY_ID: required with BACKUP_BUCKET',
    );
    expect(() => loadConfig({ DATABASE_PATH: ':memory:', BACKUP_BUCKET: 'b', AWS_ACCESS_KEY_ID: 'k' })).toThrow(
      'Invalid environment variable AWS_SECRET_ACCESS_KEY: required with BACKUP_BUCKET',
    );
    expect(() => loadConfig({ DATABASE_PATH: ':memory:', AWS_ENDPOINT_URL_S3: 'fly storage' })).toThrow(
      'Invalid environment variable AWS_ENDPOINT_URL_S3: must be a URL',
    );
    const config = loadConfig({ DATABASE_PATH: ':memory:', BACKUP_BUCKET: 'b', AWS_ACCESS_KEY_ID: 'k', AWS_SECRET_ACCESS_KEY: 's' });
    expect(config.AWS_REGION).toBe('auto');
  });

  test('PORT and DATABASE_PATH are honoured', () => {
    const config = loadConfig({ PORT: '4100', DATABASE_PATH: '/tmp/kalimat-x/app.db', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.PORT).toBe(4100);
    expect(config.DATABASE_PATH).toBe('/tmp/kalimat-x/app.db');
    expect(config.appUrl).toBe('http://localhost:4100');
  });
});
