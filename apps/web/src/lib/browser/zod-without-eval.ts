// The browser build resolves `zod` to this module (vite.config.ts), so every schema the app
// and the contract define is built after this line has run. zod compiles object parsers with
// `new Function` unless told not to, and probes for it first; the site's Content-Security-Policy
// forbids eval, so that probe is a CSP violation in the browser's issues panel on every page
// that loads zod. Without eval, zod parses with its interpreter: slower per object, which
// nothing in the browser notices. The server keeps the compiled parsers.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
