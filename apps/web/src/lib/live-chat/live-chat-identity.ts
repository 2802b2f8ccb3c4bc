import type { ChatIdentity } from '@unban/contract/chat';

type Attributes = Record<string, string>;
interface TawkApi {
  setAttributes?: (attributes: Attributes, callback?: (error?: unknown) => void) => void;
  onLoad?: () => void;
}

/**
 * Tells the chat widget who a signed-in customer is (their case reference and e-mail, with the
 * server's secure-mode signature), so support sees the case without asking. Visitors without a
 * session are left anonymous and Firebase is not loaded for them. Never throws: the chat works
 * without it.
 */
export async function passChatIdentity(): Promise<void> {
  try {
    const { mightHaveSession } = await import('../auth/auth-state');
    if (!mightHaveSession()) return;
    const [{ getIdToken }, { apiFetch }, { chatIdentitySchema }] = await Promise.all([
      import('../auth/auth'),
      import('../api/api-client'),
      import('@unban/contract/chat'),
    ]);
    const token = await getIdToken();
    if (!token) return;
    const identity = await apiFetch('/api/chat/identity', { schema: chatIdentitySchema, token });
    applyChatIdentity(identity);
  } catch (error) {
    console.warn('Could not pass the customer identity to the live chat.', error);
  }
}

function attributesOf(identity: ChatIdentity): Attributes {
  const attributes: Attributes = {};
  if (identity.name) attributes.name = identity.name;
  if (identity.email) attributes.email = identity.email;
  if (identity.hash) attributes.hash = identity.hash;
  if (identity.reference) attributes.reference = identity.reference;
  return attributes;
}

/** The widget's API exists once its own script has run; until then, wait for its onLoad. */
export function applyChatIdentity(identity: ChatIdentity): void {
  const attributes = attributesOf(identity);
  if (Object.keys(attributes).length === 0) return;
  const api = (window.Tawk_API ??= {}) as TawkApi;
  const send = () =>
    api.setAttributes?.(attributes, (error) => {
      if (error) console.warn('The live chat refused the customer identity.', error);
    });
  if (typeof api.setAttributes === 'function') {
    send();
    return;
  }
  const previous = api.onLoad;
  api.onLoad = () => {
    previous?.();
    send();
  };
}
