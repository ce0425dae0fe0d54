// The frame of an acct page that has a form and a list of what was applied: on a desktop the form
// above the list, on a phone two tabs (form, list). A submit reloads the list. Kit-free: the views
// and the forms load lazily, so a phone never downloads antd.
import { lazy, Suspense, useRef, type ComponentType, type ReactNode } from 'react';
import { Loading } from '@/components/Loading';
import ListKit from '@/components/list/ListKit';
import type { ListKitApi, ListKitConfig, ListRow } from '@/components/list/types';
import { useIsMobile } from '@/hooks/useDevice';

/** What the two views lay out. */
export interface FrameProps {
  formTitle: string;
  listTitle: string;
  form: ReactNode;
  list: ReactNode;
}
export type FormView = ComponentType<{ onSubmitted: () => void }>;

const Desktop = lazy(() => import('./Workbench.desktop'));
const Mobile = lazy(() => import('./Workbench.mobile'));

export default function Workbench<T extends ListRow>(props: {
  formTitle: string;
  /** The phone tab's title. */
  listTitle: string;
  /** The list's heading on a desktop. */
  listHeading: string;
  config: ListKitConfig<T>;
  desktopForm: FormView;
  mobileForm: FormView;
}) {
  const mobile = useIsMobile();
  const api = useRef<ListKitApi<T> | null>(null);
  const View = mobile ? Mobile : Desktop;
  const Form = mobile ? props.mobileForm : props.desktopForm;
  const heading = <div style={{ fontSize: 16, fontWeight: 600, marginBottom: 16 }}>{props.listHeading}</div>;
  return (
    <Suspense fallback={<Loading />}>
      <View
        formTitle={props.formTitle}
        listTitle={props.listTitle}
        form={<Form onSubmitted={() => void api.current?.reload(true)} />}
        list={<ListKit config={props.config} apiRef={api} header={mobile ? undefined : heading} />}
      />
    </Suspense>
  );
}
