import { chatEmbedUrl, clientConfigSchema } from '@unban/contract/client-config';
import { errorBodySchema } from '@unban/contract/errors';
import { healthResponseSchema } from '@unban/contract/health';
import { expect, test } from './fixtures';
import { chatServer } from './test-servers';

test('GET /api/health reports a working server and database', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  const health = healthResponseSchema.parse(await response.json());
  expect(health).toMatchObject({ status: 'ok', database: 'up' });
});

test('an unknown API path answers with the JSON error body', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  const body = errorBodySchema.parse(await response.json());
  expect(body.error.code).toBe('ROUTE_NOT_FOUND');
});

test('pages are served with security headers, including a content security policy', async ({
  request,
}) => {
  const response = await request.get('/');
  const headers = response.headers();
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  // The configured chat host is allowed to run its script, and nothing the page does not need.
  expect(policy).toMatch(
    new RegExp(`script-src [^;]*${chatServer.chat.host.replace(/\./g, '\\.')}`),
  );
  expect(policy).not.toContain("'unsafe-eval'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
});

test('index.html carries the runtime client configuration of this server', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const block = /<script type="application\/json" id="client-config">([\s\S]*?)<\/script>/.exec(
    html,
  );
  expect(block, 'client-config JSON block in index.html').not.toBeNull();
  const config = clientConfigSchema.parse(JSON.parse(block?.[1] ?? 'null'));

  expect(config.chat).toEqual(chatServer.chat);
  expect(config.chat && chatEmbedUrl(config.chat)).toBe(
    'https://embed.tawk.to/test-site/test-widget',
  );
  // The embedded run points the browser at its own Auth emulator (PORT + 1019).
  expect(config.authEmulatorUrl).toBe(`http://127.0.0.1:${chatServer.port + 1019}`);
  expect(config.firebase).toMatchObject({ projectId: 'demo-unban', apiKey: 'demo-api-key' });

  const apiConfig = clientConfigSchema.parse(
    await (await request.get('/api/client-config')).json(),
  );
  expect(apiConfig).toEqual(config);
});
