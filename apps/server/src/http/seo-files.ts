/** The public address of a page: `https://site.example/terms`. */
function pageAddress(siteUrl: string, pagePath: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${pagePath === '/' ? '/' : pagePath}`;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** Everything public may be crawled; the API is not content. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    '',
    `Sitemap: ${pageAddress(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** The pages that have their own crawlable document (the hash routes are not addresses). */
export function sitemapXml(siteUrl: string, pagePaths: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pagePaths.map(
      (pagePath) => `  <url><loc>${escapeXml(pageAddress(siteUrl, pagePath))}</loc></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
}
