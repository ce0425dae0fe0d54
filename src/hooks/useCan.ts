// The permission check pages use for their own buttons (spec §6 rules), one for every feature.
import { useSnapshot } from 'valtio';
import { hasPermission } from '@contract/permission';
import { session } from '@/stores/session';

/** True when the signed-in user may use the permission code. */
export function useCan(): (code: string) => boolean {
  const s = useSnapshot(session);
  return (code: string) => hasPermission(code, { auth: s.auth as never, allAuth: s.allAuth as never });
}
