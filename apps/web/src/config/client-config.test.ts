import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultClientConfig } from '@unban/contract/client-config';
import type { ClientConfig } from '@unban/contract/client-config';
import { readClientConfig } from './client-config';

const configured: ClientConfig = {
  chat: { host: 'https://embed.tawk.to', siteId: 'site', widgetId: 'widget' },
  firebase: {
    apiKey: 'key',
    authDomain: 'demo.firebaseapp.com',
    projectId: 'demo',
    storageBucket: '',
    messagingSenderId: '',
    appId: '',
  },
  authEmulatorUrl: 'http://127.0.0.1:9099',
  analyticsConsentRequired: false,
};

function pageWith(blockText: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (blockText !== null) {
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = 'client-config';
    block.textContent = blockText;
    doc.head.append(block);
  }
  return doc;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById('client-config')?.remove();
});

describe('readClientConfig', () => {
  it('returns the configuration of a valid block, `\\u003c` escapes included', () => {
    const text = JSON.stringify(configured).replaceAll('<', '\\u003c');
    expect(readClientConfig(pageWith(text))).toEqual(configured);
  });

  it('falls back to the default when the block is missing, not JSON or not valid', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readClientConfig(pageWith(null))).toEqual(defaultClientConfig);
    expect(readClientConfig(pageWith('{not json'))).toEqual(defaultClientConfig);
    expect(
      readClientConfig(pageWith(JSON.stringify({ ...configured, chat: { host: 'nope' } }))),
    ).toEqual(defaultClientConfig);
    expect(warn).toHaveBeenCalledTimes(3);
  });
});

describe('getClientConfig', () => {
  it('reads the page block once and keeps the result', async () => {
    vi.resetModules();
    const { getClientConfig } = await import('./client-config');
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'client-config';
    block.textContent = JSON.stringify(configured);
    document.head.append(block);

    expect(getClientConfig()).toEqual(configured);
    block.textContent = JSON.stringify(defaultClientConfig);
    expect(getClientConfig()).toEqual(configured);
  });
});
