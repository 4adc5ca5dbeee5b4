// A local fake of the three S3 calls Kept's storage makes (PutObject with If-None-Match: *, GetObject,
// DeleteObject), path-style on 127.0.0.1, for the AWS SDK pointed at it with an endpoint. It keeps the
// objects in memory and answers S3's status codes and error codes; signatures are not checked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeS3 = {
  endpoint: string;
  /** The objects stored, by "bucket/key". */
  objects: Map<string, { body: Buffer; contentType: string | undefined; cacheControl: string | undefined }>;
  close: () => Promise<void>;
};

function s3Error(res: http.ServerResponse, status: number, code: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://fake').pathname).slice(1);
      const stored = objects.get(path);
      if (req.method === 'PUT') {
        if (req.headers['if-none-match'] === '*' && stored) return s3Error(res, 412, 'PreconditionFailed');
        const body = Buffer.concat(chunks);
        objects.set(path, {
          body,
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
        });
        res.writeHead(200, { etag: '"fake"' });
        return res.end();
      }
      if (req.method === 'GET') {
        if (!stored) return s3Error(res, 404, 'NoSuchKey');
        res.writeHead(200, {
          'content-type': stored.contentType ?? 'application/octet-stream',
          'content-length': String(stored.body.length),
        });
        return res.end(stored.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204);
        return res.end();
      }
      s3Error(res, 405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
