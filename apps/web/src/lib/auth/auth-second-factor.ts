import type { MultiFactorError, MultiFactorInfo, User } from 'firebase/auth';
import type { SignInMethod } from '../analytics/analytics-params';
import { SignInError, UNSUPPORTED_SECOND_FACTOR, authErrorCode } from './auth-error-code';
import type { SignInResult } from './auth-result';
import { finishSignIn } from './auth-result';
import { getFirebaseAuth } from './firebase';
import { withLoading } from '../loading/loading-store';

/**
 * The SMS second factor (SPEC: "a phone-based second factor"). A first-factor sign-in that
 * fails with 'auth/multi-factor-auth-required' is continued here: the screen lists the
 * enrolled phones, sends a code to one (behind an invisible reCAPTCHA, mocked by the Auth
 * emulator) and submits the code.
 */

export interface SecondFactorHint {
  id: string;
  /** What the visitor recognises, e.g. "Work phone (+*******4321)"; numbers come masked. */
  label: string;
}

export interface SecondFactorChallenge {
  readonly hints: readonly SecondFactorHint[];
  /** Sends the SMS code; `recaptchaContainer` is an empty element the page keeps mounted. */
  sendCode(hintId: string, recaptchaContainer: HTMLElement): Promise<void>;
  verifyCode(code: string): Promise<SignInResult>;
}

interface FirstFactor {
  method: SignInMethod;
  previous: Pick<User, 'uid' | 'isAnonymous'> | null;
}

const firstFactors = new WeakMap<object, FirstFactor>();

/** Called by the facade before it rethrows the error, so analytics gets the right method. */
export function rememberFirstFactor(error: unknown, firstFactor: FirstFactor): void {
  if (typeof error === 'object' && error !== null) firstFactors.set(error, firstFactor);
}

function hintLabel(hint: MultiFactorInfo): string {
  const phone =
    'phoneNumber' in hint && typeof hint.phoneNumber === 'string' ? hint.phoneNumber : '';
  if (hint.displayName && phone) return `${hint.displayName} (${phone})`;
  return hint.displayName ?? (phone || 'Your phone');
}

export async function startSecondFactor(error: unknown): Promise<SecondFactorChallenge> {
  const auth = await getFirebaseAuth();
  if (!auth || authErrorCode(error) !== 'auth/multi-factor-auth-required') {
    throw new SignInError('auth/internal-error', 'There is no second factor to ask for.');
  }
  const {
    getMultiFactorResolver,
    PhoneAuthProvider,
    PhoneMultiFactorGenerator,
    RecaptchaVerifier,
  } = await import('firebase/auth');
  // The code check above is the narrowing: Firebase raises this code only as a MultiFactorError.
  const resolver = getMultiFactorResolver(auth, error as MultiFactorError);
  const firstFactor = firstFactors.get(error as object) ?? { method: 'password', previous: null };
  const phoneHints = resolver.hints.filter(
    (hint) => hint.factorId === PhoneMultiFactorGenerator.FACTOR_ID,
  );
  if (phoneHints.length === 0) {
    throw new SignInError(UNSUPPORTED_SECOND_FACTOR, 'Only a phone second factor is supported.');
  }
  let verificationId: string | undefined;

  return {
    hints: phoneHints.map((hint) => ({ id: hint.uid, label: hintLabel(hint) })),

    async sendCode(hintId, recaptchaContainer) {
      const hint = phoneHints.find((candidate) => candidate.uid === hintId) ?? phoneHints[0];
      // A fresh verifier per send: a reCAPTCHA token is good for one verification only.
      const verifier = new RecaptchaVerifier(auth, recaptchaContainer, { size: 'invisible' });
      try {
        verificationId = await withLoading(
          new PhoneAuthProvider(auth).verifyPhoneNumber(
            { multiFactorHint: hint, session: resolver.session },
            verifier,
          ),
        );
      } finally {
        verifier.clear();
      }
    },

    async verifyCode(code) {
      if (!verificationId) {
        throw new SignInError('auth/missing-verification-id', 'Send the code first.');
      }
      const assertion = PhoneMultiFactorGenerator.assertion(
        PhoneAuthProvider.credential(verificationId, code.trim()),
      );
      const credential = await withLoading(resolver.resolveSignIn(assertion));
      return finishSignIn(credential, firstFactor.method, firstFactor.previous);
    },
  };
}
