import { paths } from '../../config/paths';

/** The sign-in screen, coming back to `next` (an in-app path such as '/requests') afterwards. */
export function signInTo(next: string): string {
  return `${paths.signIn.to()}?${new URLSearchParams({ next }).toString()}`;
}
