// The usual end of a row action that changes its row on the server: say what happened and reload
// the list, or warn with the server's reason and leave the list as it is.
import { failureMessage } from '@/components/dialogs/formRules';
import type { ListKitApi, ListRow } from './types';

/** Runs `call` (it answers the success text), then shows it and reloads; a refusal is shown as a warning (`failure` when it has no text). */
export async function reloadAfter<T extends ListRow>(kit: ListKitApi<T>, call: () => Promise<string>, failure?: string): Promise<void> {
  try {
    kit.message.success(await call());
    await kit.reload();
  } catch (err) {
    kit.message.warning(failureMessage(err, failure));
  }
}
