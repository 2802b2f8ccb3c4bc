import type { ClientConfig } from '@unban/contract/client-config';

/** Directive name (e.g. `script-src`) → its sources, in the order they are written. */
export type CspDirectives = Record<string, string[]>;

export interface CspInput {
  /** What the browser is told to load; the policy allows exactly those hosts. */
  clientConfig: ClientConfig;
  /** Extra origins pages may post forms to (a hosted checkout, when one needs a form post). */
  formActionOrigins?: readonly string[];
  /** `'sha256-…'` sources of the inline scripts the page itself carries. */
  inlineScriptHashes?: readonly string[];
}

// tawk.to serves the widget's scripts from the embed host itself (allowed as the chat
// origin below; no other script host), then talks to other *.tawk.to hosts (REST and
// WebSocket) and takes styles, fonts and sounds from them and from Google Fonts. Its emoji
// from jsDelivr are images (img-src).
const TAWK = {
  style: ['https://*.tawk.to', 'https://fonts.googleapis.com'],
  font: ['https://*.tawk.to', 'https://fonts.gstatic.com'],
  connect: ['https://*.tawk.to', 'wss://*.tawk.to'],
  frame: ['https://*.tawk.to'],
  media: ['https://*.tawk.to'],
};

// Firebase Auth: the REST endpoints, the gapi loader used by popup/redirect sign-in (api.js,
// which loads its modules from /_/scs/abc-static/), and the auth-domain iframe that carries
// the redirect result. Paths, not the whole host: apis.google.com serves far more scripts.
const FIREBASE_AUTH = {
  script: ['https://apis.google.com/js/api.js', 'https://apis.google.com/_/scs/abc-static/'],
  connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
};

// Firebase Analytics, only with a measurement id: gtag.js by its path (the host serves every
// Tag Manager container), the collection endpoints (regional hosts vary), and the two
// Firebase endpoints analytics calls at start (installation id, web config).
const ANALYTICS = {
  script: ['https://www.googletagmanager.com/gtag/js'],
  connect: [
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
    'https://firebaseinstallations.googleapis.com',
    'https://firebase.googleapis.com',
  ],
};

function isTawkHost(hostname: string): boolean {
  return hostname === 'tawk.to' || hostname.endsWith('.tawk.to');
}

/** Same host and port over WebSocket: https → wss, http → ws. */
function webSocketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

/**
 * The Content-Security-Policy for the site: same-origin by default, plus exactly the
 * third-party hosts the configured integrations (live chat, Firebase Auth, Analytics, the Auth
 * emulator) load from. Integrations that are not configured add nothing.
 */
export function buildContentSecurityPolicy({
  clientConfig,
  formActionOrigins = [],
  inlineScriptHashes = [],
}: CspInput): CspDirectives {
  const script = ["'self'", ...inlineScriptHashes];
  // React and the chat widget set inline style attributes; styles cannot run code.
  const style = ["'self'", "'unsafe-inline'"];
  const connect = ["'self'"];
  const frame = ["'self'"];
  const font = ["'self'"];
  const media = ["'self'"];

  if (clientConfig.chat) {
    const url = new URL(clientConfig.chat.host);
    script.push(url.origin);
    style.push(url.origin);
    connect.push(url.origin, webSocketOrigin(url.origin));
    frame.push(url.origin);
    font.push(url.origin);
    if (isTawkHost(url.hostname)) {
      style.push(...TAWK.style);
      font.push(...TAWK.font);
      connect.push(...TAWK.connect);
      frame.push(...TAWK.frame);
      media.push(...TAWK.media);
    }
  }

  if (clientConfig.firebase) {
    script.push(...FIREBASE_AUTH.script);
    connect.push(...FIREBASE_AUTH.connect);
    frame.push(`https://${clientConfig.firebase.authDomain}`);
    if (clientConfig.firebase.measurementId) {
      script.push(...ANALYTICS.script);
      connect.push(...ANALYTICS.connect);
    }
  }

  if (clientConfig.authEmulatorUrl) {
    // The SDK sends its REST calls to the emulator and loads the emulator's auth iframe.
    const origin = new URL(clientConfig.authEmulatorUrl).origin;
    connect.push(origin);
    frame.push(origin);
  }

  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'script-src': script,
    'style-src': style,
    // Avatars and widget images come from several CDNs; images cannot run code. blob: is
    // for the customers' screenshots of the ban: fetched with the sign-in token (an <img>
    // cannot send one) and shown from an object URL this page made itself.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': font,
    'connect-src': connect,
    'frame-src': frame,
    'media-src': media,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...formActionOrigins],
  };
  return Object.fromEntries(
    Object.entries(directives).map(([name, sources]) => [name, [...new Set(sources)]]),
  );
}

export function serializeContentSecurityPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
