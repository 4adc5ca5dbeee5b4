// The bench's yardsticks, run as a process of their own on the same Node as the app (load.ts starts it):
// - GET /hello: Fastify's hello world, the most an HTTP endpoint can do on this host right now;
// - GET /naive/projects/:id: a project page done the plain way, two unprepared queries through `pg` (the
//   project row, then its check-ins) on the bench's database, no rules, no cache;
// - GET /baseline/search: the search the 176 req/s was measured on (baseline-search.ts), one
//   unprepared statement, its rows as they come;
// - GET /same-bytes (with SAME_BYTES_FILE): an answer of Kept's sent as it was, its headers and its
//   compressed body, with a request id of its own: what sending those bytes alone costs here.
// Kept's figures are printed as ratios to these, measured in the same run, because absolute times on a
// shared 2-core host are a property of the day. Listens on PORT; DATABASE_URL is the bench's database.
import Fastify from 'fastify';
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { baselineSearchStatement } from './baseline-search.ts';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/hello', async () => ({ hello: 'world' }));

app.get<{ Params: { id: string } }>('/naive/projects/:id', async (request, reply) => {
  const project = await pool.query('select * from projects where id = $1 and deleted_at is null', [
    request.params.id,
  ]);
  if (project.rows.length === 0) return reply.code(404).send({ error: 'not found' });
  const checkIns = await pool.query(
    'select * from project_checkins where project_id = $1 order by created_at, id',
    [request.params.id],
  );
  return { project: project.rows[0], checkIns: checkIns.rows };
});

app.get('/baseline/search', async () => {
  const { text, values } = baselineSearchStatement(new Date());
  return (await pool.query(text, values)).rows;
});

const sameBytesFile = process.env.SAME_BYTES_FILE;
if (sameBytesFile) {
  const answer = JSON.parse(fs.readFileSync(sameBytesFile, 'utf8')) as {
    headers: Record<string, string>;
    body: string;
  };
  const body = Buffer.from(answer.body, 'base64');
  // Node writes these itself for every answer.
  const { connection: _c, 'keep-alive': _k, date: _d, 'content-length': _l, ...headers } = answer.headers;
  app.get('/same-bytes', (_request, reply) => {
    reply.headers(headers).header('x-request-id', crypto.randomUUID()).send(body);
  });
}

app.get('/health', async () => ({ ok: true }));

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void close());

await app.listen({ port: Number(process.env.PORT), host: 'localhost' });
