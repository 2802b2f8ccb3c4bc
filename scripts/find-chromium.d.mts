// Types for find-chromium.mjs, which stays plain JavaScript so `node scripts/check-chromium.mjs`
// runs before anything is compiled; the Playwright config (TypeScript) imports it.
export declare const SYSTEM_CHROMIUM: string;

export interface ChromiumFound {
  path: string;
  /** Where it came from, for messages: 'CHROMIUM_PATH', 'system' or 'Playwright'. */
  source: string;
}

export interface FindChromiumDeps {
  env?: NodeJS.ProcessEnv;
  exists?: (file: string) => boolean;
  playwrightChromium?: () => string;
}

export declare function findChromium(deps?: FindChromiumDeps): ChromiumFound | null;
export declare function missingChromiumMessage(env?: NodeJS.ProcessEnv): string;
