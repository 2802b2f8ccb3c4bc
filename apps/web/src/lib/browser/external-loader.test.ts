import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScript, loadStyle } from './external-loader';

// The loader remembers addresses for the life of the page (this test file), so every test uses
// its own addresses.
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.replaceChildren();
});

const scriptsFor = (src: string) => document.head.querySelectorAll(`script[src="${src}"]`);
const stylesFor = (href: string) =>
  document.head.querySelectorAll(`link[rel="stylesheet"][href="${href}"]`);

describe('loadScript', () => {
  it('adds one script element per address and hands every caller the same promise', async () => {
    const src = 'https://cdn.example/one.js';
    const first = loadScript(src);
    const second = loadScript(src);

    expect(second).toBe(first);
    expect(scriptsFor(src)).toHaveLength(1);
    const script = scriptsFor(src)[0] as HTMLScriptElement;
    expect(script.async).toBe(true);

    fireEvent.load(script);
    await expect(first).resolves.toBeUndefined();
    // Loaded: still no second element.
    await loadScript(src);
    expect(scriptsFor(src)).toHaveLength(1);
  });

  it('treats a relative and an absolute spelling of an address as one address', () => {
    const absolute = new URL('/assets/chat.js', document.baseURI).href;
    void loadScript('/assets/chat.js');
    void loadScript(absolute);
    expect(scriptsFor(absolute)).toHaveLength(1);
  });

  it('rejects when the script fails, and never adds it again', async () => {
    const src = 'https://cdn.example/broken.js';
    const first = loadScript(src);
    fireEvent.error(scriptsFor(src)[0] as HTMLScriptElement);
    await expect(first).rejects.toThrow(/broken\.js/);

    await expect(loadScript(src)).rejects.toThrow(/broken\.js/);
    expect(scriptsFor(src)).toHaveLength(1);
  });
});

describe('loadStyle', () => {
  it('adds one stylesheet link per address, separately from scripts', async () => {
    const url = 'https://cdn.example/widget.css';
    const style = loadStyle(url);
    const script = loadScript(url);

    expect(loadStyle(url)).toBe(style);
    expect(script).not.toBe(style);
    expect(stylesFor(url)).toHaveLength(1);
    expect(scriptsFor(url)).toHaveLength(1);

    fireEvent.load(stylesFor(url)[0] as HTMLLinkElement);
    await expect(style).resolves.toBeUndefined();
  });

  it('rejects when the stylesheet fails', async () => {
    const url = 'https://cdn.example/missing.css';
    const style = loadStyle(url);
    fireEvent.error(stylesFor(url)[0] as HTMLLinkElement);
    await expect(style).rejects.toThrow(/missing\.css/);
  });
});

describe('importing the browser-only modules', () => {
  it('touches neither window nor document', async () => {
    vi.resetModules();
    vi.stubGlobal('window', undefined);
    vi.stubGlobal('document', undefined);
    await expect(import('./external-loader')).resolves.toHaveProperty('loadScript');
    await expect(import('../live-chat/live-chat')).resolves.toHaveProperty('startLiveChat');
    await expect(import('../loading/loading-store')).resolves.toHaveProperty('beginLoading');
  });
});
