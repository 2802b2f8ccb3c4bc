import fp from 'fastify-plugin';
import { createEvidenceStore } from '../evidence/create-evidence-store';
import type { EvidenceStore } from '../evidence/evidence-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the customers' screenshots are kept: the data folder or S3 (evidence/). */
    evidenceStore: EvidenceStore;
  }
}

/** Creates the evidence store the configuration names; register after app-context. */
export const evidenceStorePlugin = fp(
  async (app) => {
    const store = await createEvidenceStore(app.config.evidenceStorage);
    app.decorate('evidenceStore', store);
    app.addHook('onClose', async () => {
      store.destroy?.();
    });
  },
  { name: 'evidence-store', fastify: '5.x', dependencies: ['app-context'] },
);
