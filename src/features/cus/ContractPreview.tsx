// The contract PDF (/sys/common/pdf/pdfPreviewIframe) in the shared modal: fetched with the session
// and shown in an iframe from an object URL, with 下载; both screens use it.
import { useEffect, useState } from 'react';
import type { ContractView } from '@contract/api/cus';
import { BossModal } from '@/components/modal/BossModal';
import { failureMessage } from '@/components/dialogs/formRules';
import { contractPdfUrl } from './api';

export function ContractPreview({ contract, onClose }: { contract: ContractView | null; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!contract) return;
    let live = true;
    let made: string | null = null;
    setUrl(null);
    setError(null);
    contractPdfUrl(contract.contractId).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      (err) => live && setError(failureMessage(err, '合同预览失败')),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [contract]);
  return (
    <BossModal open={!!contract} title={contract ? `合同预览：${contract.contractNo}` : ''} footer={false} width="70%" onCancel={onClose}>
      {error && <p role="alert">{error}</p>}
      {url && (
        <>
          <p>
            <a href={url} download={`${contract?.contractNo ?? 'contract'}.pdf`}>
              下载合同
            </a>
          </p>
          <iframe title="合同PDF" src={url} style={{ width: '100%', height: '70vh', border: 0 }} />
        </>
      )}
    </BossModal>
  );
}
