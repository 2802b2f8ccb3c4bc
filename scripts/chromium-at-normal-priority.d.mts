// Types for chromium-at-normal-priority.mjs, plain JavaScript like find-chromium.mjs; the
// Playwright config (TypeScript) imports it.
export declare const SETPRIV: string;

export interface NormalPriorityDeps {
  uid?: () => number | undefined;
  exists?: (file: string) => boolean;
  writeExecutable?: (file: string, text: string) => void;
}

export declare function chromiumAtNormalPriority(
  chromiumPath: string,
  dir: string,
  deps?: NormalPriorityDeps,
): string;
