import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { signInWithGoogleRedirect } from '../../lib/auth/auth';
import type { SignInNotice, SignInResult } from '../../lib/auth/auth-result';
import type { SecondFactorChallenge } from '../../lib/auth/auth-second-factor';
import { startSecondFactor } from '../../lib/auth/auth-second-factor';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { describeAuthError } from './auth-errors';

/**
 * The sign-in screen's shared state: one alert region for errors, one status line for
 * progress, the second-factor challenge when the provider asks for one, and where to go
 * after success. Every sign-in method goes through `signIn()`, so they all handle the
 * provider's errors the same way.
 */
export interface SignInFlow {
  /** Shown in the role="alert" region; null when there is nothing wrong. */
  error: string | null;
  /** Progress and hints that are not errors (role="status"). */
  status: string | null;
  challenge: SecondFactorChallenge | null;
  /** Set when sign-in succeeded but the visitor must read something before moving on. */
  notice: SignInNotice | null;
  /** Runs a sign-in; on success goes to `next`, on failure reacts to the provider's error. */
  signIn(action: () => Promise<SignInResult>): Promise<void>;
  /** After a sign-in that finished elsewhere (a redirect back from Google). */
  finish(result: SignInResult): void;
  /** Runs any other auth action (send a link, send an SMS code); true when it succeeded. */
  run(action: () => Promise<unknown>): Promise<boolean>;
  handleFailure(error: unknown): void;
  setStatus(status: string | null): void;
  cancelSecondFactor(): void;
  /** Where to go after signing in. */
  destination: string;
}

export function useSignInFlow(next: string | null): SignInFlow {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const [notice, setNotice] = useState<SignInNotice | null>(null);
  const destination = next ?? paths.requests.to();
  const { supportEmail } = useSiteIdentity();
  const intl = useIntl();

  const handleFailure = useCallback(
    (failure: unknown) => {
      const view = describeAuthError(intl, failure, supportEmail);
      switch (view.behaviour) {
        case 'silent':
          // The visitor closed the popup themselves: no error to show.
          setStatus(null);
          return;
        case 'fallback-redirect':
          setStatus(view.message);
          signInWithGoogleRedirect().catch((redirectFailure: unknown) => {
            setStatus(null);
            setError(describeAuthError(intl, redirectFailure, supportEmail).message);
          });
          return;
        case 'second-factor':
          setStatus(view.message);
          startSecondFactor(failure).then(setChallenge, (challengeFailure: unknown) => {
            setStatus(null);
            setError(describeAuthError(intl, challengeFailure, supportEmail).message);
          });
          return;
        case 'offline':
        case 'show':
          setStatus(null);
          setError(view.message);
          return;
      }
    },
    [intl, supportEmail],
  );

  const run = useCallback(
    async (action: () => Promise<unknown>): Promise<boolean> => {
      setError(null);
      try {
        await action();
        return true;
      } catch (failure) {
        handleFailure(failure);
        return false;
      }
    },
    [handleFailure],
  );

  const finish = useCallback(
    (result: SignInResult) => {
      setChallenge(null);
      setStatus(null);
      if (result.notice) {
        // Stay: the notice explains what happened to the guest's requests.
        setNotice(result.notice);
        return;
      }
      navigate(destination, { replace: true });
    },
    [destination, navigate],
  );

  const signIn = useCallback(
    async (action: () => Promise<SignInResult>) => {
      setError(null);
      let result: SignInResult;
      try {
        result = await action();
      } catch (failure) {
        handleFailure(failure);
        return;
      }
      finish(result);
    },
    [finish, handleFailure],
  );

  const cancelSecondFactor = useCallback(() => {
    setChallenge(null);
    setStatus(null);
    setError(null);
  }, []);

  return {
    error,
    status,
    challenge,
    notice,
    signIn,
    finish,
    run,
    handleFailure,
    setStatus,
    cancelSecondFactor,
    destination,
  };
}
