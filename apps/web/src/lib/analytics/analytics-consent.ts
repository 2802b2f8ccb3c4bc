import { useSyncExternalStore } from 'react';
import { getClientConfig } from '../../config/client-config';

/**
 * Whether this visitor lets us send usage analytics. The choice lives in localStorage so the
 * banner asks once per browser; where storage is blocked it lasts for the page only.
 */

export type ConsentChoice = 'granted' | 'denied';

/**
 * - unavailable: analytics is not configured (no Firebase config or no measurement id)
 * - not-required: the deployment does not ask for consent; analytics runs
 * - unset: consent is required and the visitor has not chosen yet (the banner shows)
 */
export type ConsentState = 'unavailable' | 'not-required' | 'unset' | ConsentChoice;

export const CONSENT_STORAGE_KEY = 'unban:analytics-consent';

let choiceForThisPage: ConsentChoice | undefined;
const listeners = new Set<() => void>();

export function isAnalyticsConfigured(): boolean {
  return Boolean(getClientConfig().firebase?.measurementId);
}

function readStoredChoice(): ConsentChoice | undefined {
  if (choiceForThisPage) return choiceForThisPage;
  try {
    const stored = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return stored === 'granted' || stored === 'denied' ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function getConsentState(): ConsentState {
  if (!isAnalyticsConfigured()) return 'unavailable';
  if (!getClientConfig().analyticsConsentRequired) return 'not-required';
  return readStoredChoice() ?? 'unset';
}

/** True when events may be sent now. */
export function isAnalyticsAllowed(): boolean {
  const state = getConsentState();
  return state === 'not-required' || state === 'granted';
}

export function recordConsentChoice(choice: ConsentChoice): void {
  choiceForThisPage = choice;
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the choice holds for this page, and the banner asks again next visit.
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useConsentState(): ConsentState {
  return useSyncExternalStore(subscribe, getConsentState, () => 'unavailable');
}
