// @ts-check
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EMULATOR_PROJECT_ID } from './start-options.mjs';

/** The emulator cannot be started at all; the message says what to do. */
export class EmulatorSetupError extends Error {}

/**
 * @typedef {object} EmulatorPorts
 * @property {number} auth
 * @property {number} hub
 * @property {number} logging
 */

/**
 * The emulator's firebase.json, generated per data folder so that nothing about the local run
 * lives in the repository and every instance gets its own ports.
 * @param {EmulatorPorts} ports
 */
export function emulatorConfig(ports) {
  const host = '127.0.0.1';
  return {
    emulators: {
      auth: { host, port: ports.auth },
      hub: { host, port: ports.hub },
      logging: { host, port: ports.logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
}

/**
 * @typedef {object} EmulatorFiles
 * @property {string} dir the emulator's working folder (firebase-debug.log lands there)
 * @property {string} configFile
 * @property {string} logFile the emulator's output, shown only when it fails
 * @property {string} tmpDir its private temp folder
 */

/**
 * Writes `$DATA_DIR/emulator/firebase.json` and prepares the files the emulator writes.
 * @param {string} dataDir
 * @param {EmulatorPorts} ports
 * @returns {EmulatorFiles}
 */
export function prepareEmulatorFiles(dataDir, ports) {
  const dir = path.join(dataDir, 'emulator');
  // The emulator records its hub in `$TMPDIR/hub-<project>.json`; a private TMPDIR keeps two
  // instances with the same demo project from overwriting (and deleting) each other's record.
  const tmpDir = path.join(dir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const configFile = path.join(dir, 'firebase.json');
  writeFileSync(configFile, `${JSON.stringify(emulatorConfig(ports), null, 2)}\n`);
  return { dir, configFile, logFile: path.join(dir, 'emulator.log'), tmpDir };
}

/**
 * Command line for the emulator: the firebase-tools CLI run by this very Node binary, so the
 * process group leader is the emulator itself and not an npx or shell wrapper.
 * @param {string} rootDir
 * @param {EmulatorFiles} files
 * @returns {{ command: string, args: string[] }}
 */
export function emulatorCommand(rootDir, files) {
  const require = createRequire(path.join(rootDir, 'package.json'));
  let manifestPath;
  try {
    manifestPath = require.resolve('firebase-tools/package.json');
  } catch {
    throw new EmulatorSetupError(
      'firebase-tools is not installed (it is a dev dependency): run `npm install` first.',
    );
  }
  /** @type {{ bin: { firebase: string } }} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const cli = path.join(path.dirname(manifestPath), manifest.bin.firebase);
  return {
    command: process.execPath,
    args: [
      cli,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      EMULATOR_PROJECT_ID,
      '--config',
      files.configFile,
      '--non-interactive',
    ],
  };
}

/**
 * The end of the emulator's output, for error messages.
 * @param {string} logFile
 * @param {number} lines
 */
export function tailOfLog(logFile, lines = 25) {
  try {
    return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}
