// Gallery: the cron field, empty, filled and disabled, in the device's rendering.
import { useState } from 'react';
import CronInput from '@/components/cron/CronInput.desktop';
import CronInputMobile from '@/components/cron/CronInput.mobile';
import { useIsMobile } from '@/hooks/useDevice';
import { GalleryState } from './GalleryState';

function Field({ initial, disabled }: { initial?: string; disabled?: boolean }) {
  const mobile = useIsMobile();
  const [value, setValue] = useState(initial);
  return (
    <>
      {mobile ? <CronInputMobile value={value} onChange={setValue} /> : <CronInput value={value} onChange={setValue} disabled={disabled} />}
      <p style={{ fontSize: 12, margin: '8px 0 0' }}>
        当前值：<code data-testid="cron-value">{value ?? '（空）'}</code>
      </p>
    </>
  );
}

export default function CronGallery() {
  const mobile = useIsMobile();
  return (
    <>
      <GalleryState title="空" caption="尚未选择，点击选择打开构造器。">
        <Field />
      </GalleryState>
      <GalleryState title="已填写" caption="每天 2 点执行。">
        <Field initial="0 0 2 * * ?" />
      </GalleryState>
      {!mobile && (
        <GalleryState title="禁用" caption="只读展示，不能修改。">
          <Field initial="0 0/5 * * * ?" disabled />
        </GalleryState>
      )}
    </>
  );
}
