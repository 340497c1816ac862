import { afterAll, describe, expect, test } from 'bun:test';
import { createTestApp } from '../../tests/support/app';

const t = createTestApp({ content: false });
afterAll(() => t.close());

describe('every response', () => {
  test('carries a request id and the security headers', async () => {
    const res = await t.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  test('errors have message, error and requestId, matching the header', async () => {
    const res = await t.request('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: 'The requested resource was not found.', error: 'Not Found', requestId: res.headers.get('x-request-id') });
  });

  test('unknown API paths answer JSON 404 for every method', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await t.request(method, '/api/nothing/here', { body: {} });
      expect(res.status).toBe(404);
      expect(res.json.error).toBe('Not Found');
    }
  });
});

describe('request bodies', () => {
  test('malformed JSON is a 400', async () => {
    const res = await t.request('POST', '/api/login', { body: '{"email":' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('The request body is not valid JSON.');
  });

  test('a body that is not JSON is a 415', async () => {
    const res = await t.request('POST', '/api/login', { body: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.json.error).toBe('Unsupported Media Type');
  });

  test('a body over 64 KiB is a 413, with or without a length header', async () => {
    const big = JSON.stringify({ email: 'a'.repeat(70 * 1024) });
    const res = await t.request('POST', '/api/login', { body: big });
    expect(res.status).toBe(413);
    const chunked = await t.app.handle(
      new Request('http://localhost:3000/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob([big]).stream(),
        duplex: 'half',
      } as RequestInit),
    );
    expect(chunked.status).toBe(413);
  });

  test('JSON that is not an object is a validation error, not a 500', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const res = await t.request('POST', '/api/login', { body });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe('Validation Error');
    }
  });

  test('a state-changing request from another origin is refused', async () => {
    const res = await t.request('POST', '/api/login', { body: {}, headers: { origin: 'https://elsewhere.example' } });
    expect(res.status).toBe(403);
    const same = await t.request('POST', '/api/login', { body: { email: 'a@b.co', password: 'x' }, headers: { origin: 'http://localhost:3000' } });
    expect(same.status).toBe(401);
  });
});

describe('the web client', () => {
  test('non-API paths get the client (or a clear 503 before it is built), never JSON 404', async () => {
    const res = await t.request('GET', '/topics/Colors');
    expect([200, 503]).toContain(res.status);
    expect(res.headers.get('content-type')).toContain(res.status === 200 ? 'text/html' : 'text/plain');
  });

  test('paths cannot escape the build folder', async () => {
    const res = await t.request('GET', '/..%2f..%2fpackage.json');
    expect(res.text).not.toContain('"dependencies"');
  });
});
