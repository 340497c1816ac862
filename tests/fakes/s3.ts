/**
 * A fake S3-compatible store on 127.0.0.1 for tests, with what Bun's S3 client uses for backups: PUT, GET,
 * HEAD and DELETE of an object, ListObjectsV2, and the multipart upload Bun switches to for files of a few
 * megabytes, in path style (`/bucket/key`). Objects live in memory;
 * requests without an AWS signature from the expected key are refused as S3 refuses them. Point the app
 * at it with `fake.env`.
 */
const ACCESS_KEY_ID = 'fake-access-key';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const s3Error = (status: number, code: string, message: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`, {
    status,
    headers: { 'content-type': 'application/xml' },
  });

interface StoredObject {
  body: Uint8Array;
  etag: string;
  lastModified: Date;
}

export function startFakeS3(bucket = 'kalimat-backups') {
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, { key: string; parts: Map<number, Uint8Array> }>();
  const md5 = (body: Uint8Array) => new Bun.CryptoHasher('md5').update(body).digest('hex');
  const xml = (body: string) =>
    new Response(`<?xml version="1.0" encoding="UTF-8"?>${body}`, { headers: { 'content-type': 'application/xml' } });
  const requests: { method: string; key: string }[] = [];

  function list(url: URL) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const maxKeys = Math.min(Number(url.searchParams.get('max-keys') ?? 1000) || 1000, 1000);
    const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
    const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const object = objects.get(key)!;
        return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>"${object.etag}"</ETag><Size>${object.body.byteLength}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : '';
    return xml(
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    );
  }

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const [, name, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push({ method: req.method, key });
      if (!req.headers.get('authorization')?.includes(`Credential=${ACCESS_KEY_ID}/`)) return s3Error(403, 'AccessDenied', 'Access Denied');
      if (name !== bucket) return s3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (key === '')
        return req.method === 'GET' && url.searchParams.get('list-type') === '2'
          ? list(url)
          : s3Error(501, 'NotImplemented', 'not in the fake');
      const object = objects.get(key);
      const uploadId = url.searchParams.get('uploadId');
      if (req.method === 'POST' && url.searchParams.has('uploads')) {
        const id = crypto.randomUUID();
        uploads.set(id, { key, parts: new Map() });
        return xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
        );
      }
      if (uploadId !== null) {
        const upload = uploads.get(uploadId);
        if (!upload || upload.key !== key) return s3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
        if (req.method === 'PUT') {
          const body = new Uint8Array(await req.arrayBuffer());
          upload.parts.set(Number(url.searchParams.get('partNumber')), body);
          return new Response(null, { headers: { etag: `"${md5(body)}"` } });
        }
        uploads.delete(uploadId);
        if (req.method === 'DELETE') return new Response(null, { status: 204 });
        const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, body]) => body);
        const body = new Uint8Array(Buffer.concat(parts));
        const etag = md5(body);
        objects.set(key, { body, etag, lastModified: new Date() });
        return xml(
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>"${etag}"</ETag></CompleteMultipartUploadResult>`,
        );
      }
      switch (req.method) {
        case 'PUT': {
          const body = new Uint8Array(await req.arrayBuffer());
          const etag = md5(body);
          objects.set(key, { body, etag, lastModified: new Date() });
          return new Response(null, { headers: { etag: `"${etag}"` } });
        }
        case 'GET':
        case 'HEAD': {
          if (!object) return s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
          const headers = {
            etag: `"${object.etag}"`,
            'content-length': String(object.body.byteLength),
            'last-modified': object.lastModified.toUTCString(),
            'content-type': 'application/octet-stream',
          };
          return new Response(req.method === 'GET' ? new Blob([object.body as Uint8Array<ArrayBuffer>]) : null, { headers });
        }
        case 'DELETE':
          objects.delete(key);
          return new Response(null, { status: 204 });
      }
      return s3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    },
  });

  const endpoint = `http://127.0.0.1:${server.port}`;
  return {
    endpoint,
    bucket,
    /** The variables that point the app's backups here. */
    env: {
      BACKUP_BUCKET: bucket,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: 'fake-secret-access-key',
      AWS_REGION: 'auto',
    },
    /** The stored keys, sorted. */
    keys: () => [...objects.keys()].sort(),
    requests,
    close() {
      server.stop(true);
    },
  };
}
