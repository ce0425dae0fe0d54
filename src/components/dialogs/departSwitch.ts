// Department switch (spec §4): opens only if the user has departments, else warns 您尚未设置部门信息!;
// confirming with nothing selected marks the field; success stores the new user info.
import { MSG } from '@contract/messages';
import type { Department } from '@contract/types';
import { fetchMyDeparts, selectDepart } from '@/api/session';
import { apiUi } from '@/api/ui';

export interface DepartChoice {
  list: Department[];
  orgCode: string;
}

/** The user's departments, or null (after the warning) when there are none. */
export async function loadDepartsForSwitch(): Promise<DepartChoice | null> {
  let choice: DepartChoice;
  try {
    choice = await fetchMyDeparts();
  } catch {
    return null; // the API layer has shown the reason
  }
  if (!choice?.list?.length) {
    apiUi().warning(MSG.noDepart);
    return null;
  }
  return { list: choice.list, orgCode: choice.orgCode ?? '' };
}

export const DEPART_REQUIRED = '请选择部门';

/** Switches to the chosen department (the form's required rule guarantees one); answers the success text. */
export async function submitDepart({ orgCode }: { orgCode?: string }): Promise<string> {
  await selectDepart(orgCode ?? '');
  return MSG.done;
}
