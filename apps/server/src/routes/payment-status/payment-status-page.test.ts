import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentStatusResponseSchema } from '@unban/contract/requests';
import { authEmulator } from '../../test/auth-emulator';
import { createdRequest, newCustomer, setPaymentState } from '../../test/request-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

/*
 * `GET /payment-status?order=…&token=…`, the page the checkout sends customers back to. The
 * web build's renderer is stood in for by one that writes what the server read into the
 * page (the real one is covered in apps/web/src/prerender/payment-status-hydration.test.tsx):
 * here, what the server reads for which address, and how it answers.
 */
const template =
  '<!doctype html><html lang="en"><head><title>Unban</title></head><body><div id="root"></div></body></html>';
const stubRenderer = `export const prerenderedPages = [{ path: '/' }];
export const supportedLocales = ['en', 'es', 'pt-BR', 'hi', 'id', 'ar'];
export async function renderDocument(template) { return template; }
export async function renderPaymentStatusDocument(template, search, siteUrl, read, identity, locale) {
  const params = new URLSearchParams(search);
  const order = params.get('order')?.trim();
  const answer = order ? await read({ order, token: params.get('token')?.trim() || null }) : undefined;
  const json = JSON.stringify({ search, answer: answer ?? null, locale: locale ?? null }).replaceAll('<', '\\\\u003c');
  return template.replace('<div id="root"></div>', '<div id="root"><pre id="answer">' + json + '</pre></div>');
}
`;

let distDir: string;
let subject: TestApp;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'unban-status-page-'));
  await mkdir(path.join(distDir, 'server'));
  await writeFile(path.join(distDir, 'index.html'), template);
  await writeFile(path.join(distDir, 'server', 'render-page.js'), stubRenderer);
  const { host, projectId } = authEmulator();
  subject = await createTestApp({
    config: {
      webDistDir: distDir,
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
    },
  });
  await subject.app.ready();
});
afterAll(async () => {
  await subject?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

async function openPage(url: string) {
  const response = await subject.app.inject({ method: 'GET', url });
  const json = /<pre id="answer">([\s\S]*?)<\/pre>/.exec(response.body)?.[1];
  const rendered = JSON.parse(json ?? 'null') as {
    search: string;
    answer: unknown;
    locale: string | null;
  } | null;
  return { response, rendered };
}

const notFound = {
  error: {
    status: 404,
    code: 'NOT_FOUND',
    message: 'We could not find this order. Check the link you followed.',
  },
};

describe('GET /payment-status', () => {
  it('renders the page with the status the API gives the same link, never cached or sent on', async () => {
    const created = await createdRequest(subject, await newCustomer());
    const reconcile = vi.spyOn(subject.app.payments, 'reconcileOpenAttempts');
    const query = `?order=${created.reference}&token=${created.statusToken}`;
    const { response, rendered } = await openPage(`/payment-status${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(rendered?.search).toBe(query);
    const api = await subject.app.inject({ method: 'GET', url: `/api/payments/status${query}` });
    expect(rendered?.answer).toEqual({ data: paymentStatusResponseSchema.parse(api.json()) });
    // An open payment is checked with the provider on the page's read too (lost webhooks).
    expect(reconcile).toHaveBeenCalledWith(created.id);
    reconcile.mockRestore();
  });

  it('renders a wrong token and an unknown order as the API\u2019s not-found answer', async () => {
    const created = await createdRequest(subject, await newCustomer());
    await setPaymentState(subject.database.db, created.id, 'paid');
    for (const query of [
      `order=${created.reference}&token=${'A'.repeat(43)}`,
      `order=${created.reference}&token=short`,
      `order=UB-AAAAAAAA&token=${created.statusToken}`,
    ]) {
      const { response, rendered } = await openPage(`/payment-status?${query}`);
      expect(response.statusCode).toBe(200);
      expect(rendered?.answer).toEqual(notFound);
    }
  });

  it('answers a malformed address with a page, never 400 or 500', async () => {
    for (const query of [
      `?order=${'x'.repeat(101)}&token=t`,
      `?order=UB-1&token=${'t'.repeat(257)}`,
      '?order=UB-1&order=UB-2&token=a&token=b',
      '?order=%E0%A4%A&token=%',
      '?order=%00<script>&token=x',
    ]) {
      const { response, rendered } = await openPage(`/payment-status${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(rendered?.answer, query).toEqual(notFound);
      expect(response.body).not.toContain('<script>');
    }
    for (const url of ['/payment-status', '/payment-status?', '/payment-status?token=abc']) {
      const { response, rendered } = await openPage(url);
      expect(response.statusCode, url).toBe(200);
      expect(rendered?.answer, url).toBeNull();
    }
  });

  it('leaves a link without a token to the browser, which reads it with the owner\u2019s sign-in', async () => {
    const created = await createdRequest(subject, await newCustomer());
    const { response, rendered } = await openPage(`/payment-status?order=${created.reference}`);
    expect(response.statusCode).toBe(200);
    expect(rendered?.answer).toBeNull();
  });

  it('renders without an answer when the read fails, so the browser asks again', async () => {
    const created = await createdRequest(subject, await newCustomer());
    const failing = vi
      .spyOn(subject.app.payments, 'reconcileOpenAttempts')
      .mockRejectedValue(new Error('provider down'));
    try {
      const { response, rendered } = await openPage(
        `/payment-status?order=${created.reference}&token=${created.statusToken}`,
      );
      expect(response.statusCode).toBe(200);
      expect(rendered?.answer).toBeNull();
    } finally {
      failing.mockRestore();
    }
  });

  it('renders the same answer in the language its address names, English without one', async () => {
    const created = await createdRequest(subject, await newCustomer());
    const query = `?order=${created.reference}&token=${created.statusToken}`;
    const english = await openPage(`/payment-status${query}`);
    expect(english.rendered?.locale).toBeNull();
    for (const [prefix, locale] of [
      ['es', 'es'],
      ['pt-br', 'pt-BR'],
      ['hi', 'hi'],
      ['id', 'id'],
      ['ar', 'ar'],
    ] as const) {
      const { response, rendered } = await openPage(`/${prefix}/payment-status${query}`);
      expect(response.statusCode, prefix).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(rendered).toEqual({ search: query, answer: english.rendered?.answer, locale });
    }
  });

  it('knows no payment-status page under a prefix that is not a shipped language', async () => {
    for (const url of [
      '/fr/payment-status?order=UB-1',
      '/en/payment-status',
      '/pt-BR/payment-status',
    ]) {
      const response = await subject.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('is not in the sitemap: each address is one customer\u2019s order', async () => {
    const sitemap = await subject.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain('payment-status');
  });
});

describe('GET /payment-status without a renderer in the build', () => {
  it('sends the browser to the screen\u2019s hash route, keeping the query', async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), 'unban-status-bare-'));
    await writeFile(path.join(bare, 'index.html'), template);
    const plain = await createTestApp({ config: { webDistDir: bare } });
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/payment-status?order=UB-1&token=t',
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/#/payment-status?order=UB-1&token=t');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    } finally {
      await plain.close();
      await rm(bare, { recursive: true, force: true });
    }
  });
});
