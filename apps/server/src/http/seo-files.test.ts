import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from './seo-files';

describe('robotsTxt', () => {
  it('allows crawling, keeps out of the API and points to the sitemap', () => {
    expect(robotsTxt('https://unban.example/')).toBe(
      'User-agent: *\nDisallow: /api/\n\nSitemap: https://unban.example/sitemap.xml\n',
    );
  });
});

describe('sitemapXml', () => {
  it('lists each page with its own document at its public address', () => {
    const xml = sitemapXml('https://unban.example', ['/', '/terms']);
    expect(xml).toContain('<loc>https://unban.example/</loc>');
    expect(xml).toContain('<loc>https://unban.example/terms</loc>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('escapes what XML needs escaped', () => {
    expect(sitemapXml('https://unban.example/?a=1&b=2', ['/'])).toContain('?a=1&amp;b=2');
  });
});
