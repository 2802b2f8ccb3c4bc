import { paths } from '../../config/paths';

/**
 * The `next` query parameter of the sign-in screen, accepted only as a path inside this app
 * ('/requests/123', or '#/requests/123' as written in a link). Anything that could leave the
 * site or confuse the router (another origin, '//host', a scheme, backslashes, control
 * characters) gives null, and so does the sign-in screen itself, which would loop.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const path = raw.startsWith('#/') ? raw.slice(1) : raw;
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  if (path.includes('\\') || /\p{Cc}/u.test(path)) return null;
  const pathname = path.split(/[?#]/, 1)[0];
  if (pathname === paths.signIn.path) return null;
  return path;
}
