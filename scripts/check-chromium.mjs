#!/usr/bin/env node
// @ts-check
// First step of `npm test`: fail in one clear sentence when the browser for the end-to-end tests
// is missing, instead of after the unit tests with a Playwright stack trace.
import { findChromium, missingChromiumMessage } from './find-chromium.mjs';

const found = findChromium();
if (found) {
  console.log(`Chromium for the end-to-end tests: ${found.path} (${found.source})`);
} else {
  console.error(missingChromiumMessage());
  process.exit(1);
}
