import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as loadExplicitConfig } from './env';

function loadConfig(env: Record<string, string | undefined>, cwd = '/srv/unban') {
  return loadExplicitConfig({ NODE_ENV: 'development', ...env }, cwd);
}

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('evidence storage configuration', () => {
  it('keeps screenshots in the data folder when no bucket is set', () => {
    expect(loadConfig({ DATA_DIR: 'data' }).evidenceStorage).toEqual({
      kind: 'files',
      dir: path.join('/srv/unban', 'data', 'evidence'),
    });
  });

  it('uses S3 with the SDK credential chain when only the bucket is set', () => {
    expect(loadConfig({ S3_BUCKET: 'unban-evidence' }).evidenceStorage).toEqual({
      kind: 's3',
      bucket: 'unban-evidence',
      endpoint: null,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: null,
    });
  });

  it('reads an S3-compatible endpoint, its region and keys, with path-style addresses', () => {
    const config = loadConfig({
      S3_BUCKET: 'evidence',
      S3_ENDPOINT: 'https://minio.example.com:9000/',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.evidenceStorage).toEqual({
      kind: 's3',
      bucket: 'evidence',
      endpoint: 'https://minio.example.com:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
    });
    expect(
      loadConfig({
        S3_BUCKET: 'evidence',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_FORCE_PATH_STYLE: 'false',
      }).evidenceStorage,
    ).toMatchObject({ forcePathStyle: false });
  });

  it('refuses half an S3 configuration and bad values, naming each', () => {
    expect(problems({ S3_ENDPOINT: 'https://minio.example.com' })).toEqual([
      'S3_ENDPOINT: is only used with S3_BUCKET (set the bucket too, or unset this)',
    ]);
    expect(problems({ S3_BUCKET: 'evidence', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toEqual([
      'S3_SECRET_ACCESS_KEY: must be set together with the other S3 key (set both or neither)',
    ]);
    expect(problems({ S3_BUCKET: 'Not A Bucket', S3_ENDPOINT: 'ftp://x' })).toEqual([
      'S3_BUCKET: must be an S3 bucket name such as unban-evidence',
      'S3_ENDPOINT: must be an http(s) URL such as https://s3.example.com',
    ]);
  });
});
