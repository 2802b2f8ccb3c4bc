// @ts-check
// The baseline of `npm run bench`: a bare Fastify "hello" route on this machine, so the
// product's figures can be read as a ratio of what the framework alone does here.
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 8790);
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
