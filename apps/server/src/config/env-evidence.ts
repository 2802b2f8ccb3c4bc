import path from 'node:path';
import { z } from 'zod';

/*
 * Where ban evidence (the customers' screenshots) is kept: in S3-compatible object storage
 * when S3_BUCKET is set, otherwise in the data folder (the embedded default). Parsed here
 * and spread into the environment schema of env.ts.
 */

/** Where the evidence store keeps the screenshots (evidence/evidence-store.ts). */
export type EvidenceStorageConfig =
  | {
      kind: 'files';
      /** Absolute; `$DATA_DIR/evidence` unless told otherwise. */
      dir: string;
    }
  | {
      kind: 's3';
      bucket: string;
      /** Another S3-compatible service (MinIO, R2, a local test server); null: AWS itself. */
      endpoint: string | null;
      region: string;
      /** `https://host/bucket/key` addresses instead of `https://bucket.host/key`. */
      forcePathStyle: boolean;
      /** Explicit keys; null: the AWS SDK's own chain (AWS_* variables, an instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

const flag = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'))
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const evidenceEnvShape = {
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name such as unban-evidence')
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.com' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as eu-central-1')
    .default('us-east-1'),
  S3_FORCE_PATH_STYLE: flag.optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
};

export const evidenceEnvSchema = z.object(evidenceEnvShape);
type EvidenceEnv = z.output<typeof evidenceEnvSchema>;

/** Half an S3 configuration is a deployment mistake: say so instead of using the disk. */
export function checkEvidenceEnv(env: EvidenceEnv, ctx: z.RefinementCtx): void {
  if (!env.S3_BUCKET) {
    for (const key of [
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ] as const) {
      if (env[key] !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is only used with S3_BUCKET (set the bucket too, or unset this)',
        });
      }
    }
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'must be set together with the other S3 key (set both or neither)',
    });
  }
}

export function toEvidenceStorageConfig(env: EvidenceEnv, dataDir: string): EvidenceStorageConfig {
  if (!env.S3_BUCKET) return { kind: 'files', dir: path.join(dataDir, 'evidence') };
  const endpoint = env.S3_ENDPOINT ?? null;
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    endpoint,
    region: env.S3_REGION,
    // Services other than AWS rarely have the wildcard DNS that bucket host names need.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? endpoint !== null,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : null,
  };
}
