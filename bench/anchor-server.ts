// The bench's yardsticks, run as a process of their own on the same Node as the app (load.ts starts it):
// - GET /hello: Fastify's hello world, the most an HTTP endpoint can do on this host right now;
// - GET /naive/projects/:id: a project page done the plain way, two unprepared queries through `pg` (the
//   project row, then its check-ins) on the bench's database, no rules, no cache.
// Kept's figures are printed as ratios to these, measured in the same run, because absolute times on a
// shared 2-core host are a property of the day. Listens on PORT; DATABASE_URL is the bench's database.
import Fastify from 'fastify';
import pg from 'pg';

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

app.get('/health', async () => ({ ok: true }));

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void close());

await app.listen({ port: Number(process.env.PORT), host: 'localhost' });
