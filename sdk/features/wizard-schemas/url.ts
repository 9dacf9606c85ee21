// The wizard's URL rule, shared by every kind's schema (schemas.ts, quick-embedded.ts).
import { isPublicWebUrl } from '../../../contract/urls';

/**
 * The server's URL rule (contract/urls.ts), so a URL passing a step is never refused at Create:
 * http(s), a public host (an IP host must be a public address), no spaces: 'Must be a valid URL'.
 */
export function isWebUrl(s: string): boolean {
  return isPublicWebUrl(s);
}
