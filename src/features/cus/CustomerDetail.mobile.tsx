// Phone customer detail: the same data as sections (master, materials with the image viewer,
// providers, accounts, contracts with the PDF preview, history); 邀请管理员 as on the desktop (useInviteAdmin).
import { useState } from 'react';
import { Button, Dialog, ErrorBlock, Form, Image, ImageViewer, Input, List, Popup, PullToRefresh, Skeleton, Space, Steps, Tag, Toast } from 'antd-mobile';
import { CUS_KIND_TEXT, HISTORY_ACTION_TEXT, type ContractView } from '@contract/api/cus';
import { formatDateTime } from '@contract/time';
import { yuanText } from '@contract/money';
import { cusBankApplyUrl } from '@contract/pages/cus';
import { useNavigate } from 'react-router-dom';
import { mobileTagColor } from '@/components/statusTags';
import { PromptDialog } from '@/components/modal/PromptDialog';
import { ContractPreview } from './ContractPreview';
import { SignView } from './InnetDialogs';
import { useInnetRowActions, verifyAmountRules, verifyLabel, verifyTitle } from './useInnetActions';
import { useCusDetail } from './useCusDetail';
import { inviteFieldProblem, useInviteAdmin, type InviteValues } from './useInviteAdmin';

const checked = (problem: string | null) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());
import type { CusDetailViewProps } from './CustomerDetail';
import { innetTag, reviewTag } from './rules';

export default function CustomerDetailMobile({ cusCode }: CusDetailViewProps) {
  const d = useCusDetail(cusCode);
  const navigate = useNavigate();
  const [preview, setPreview] = useState<ContractView | null>(null);
  const invite = useInviteAdmin(d.detail?.master, d.detail?.admin, d.reload);
  const acts = useInnetRowActions(d.reload, (kind, text) => void Toast.show({ icon: kind === 'success' ? 'success' : undefined, content: text }));
  if (d.error) return <ErrorBlock status="default" title={d.error} description="" />;
  if (!d.detail) return <Skeleton.Paragraph lineCount={8} animated />;
  const { master: m, materials, innets, accounts, admin } = d.detail;
  const tag = reviewTag(m.reviewStatus);
  const sendInvite = (v?: InviteValues) =>
    invite.send(v).then(
      (text) => void Toast.show({ icon: 'success', content: text }),
      (err: Error) => void Toast.show({ content: err.message }),
    );
  const onInvite = () =>
    admin
      ? void Dialog.confirm({ title: '重发邀请', content: `重新发送邀请短信至 ${admin.mobile}（${admin.realname}）？`, onConfirm: () => sendInvite() })
      : invite.setOpen(true);
  return (
    <PullToRefresh onRefresh={d.reload}>
      <div style={{ background: '#f5f5f5', minHeight: '100%', paddingBottom: 16 }}>
        <List header="客户信息" mode="card">
          <List.Item extra={m.cusCode}>客户编号</List.Item>
          <List.Item extra={m.cusName}>客户名称</List.Item>
          <List.Item extra={CUS_KIND_TEXT[m.cusKind]}>客户类型</List.Item>
          <List.Item extra={m.industryName ?? '—'}>所属行业</List.Item>
          <List.Item
            extra={
              <Tag color={mobileTagColor(tag.color)} fill="outline" data-testid="cus-review-status">
                {tag.text}
              </Tag>
            }
          >
            审核状态
          </List.Item>
          {m.reviewReason && <List.Item description={m.reviewReason}>退回原因</List.Item>}
          {(admin || invite.allowed) && (
            <List.Item
              extra={<span data-testid="cus-admin">{admin ? `${admin.realname} ${admin.mobile}` : '未邀请'}</span>}
              description={admin ? invite.statusText : undefined}
            >
              客户管理员
            </List.Item>
          )}
          {invite.allowed && (
            <List.Item>
              <Button block color="primary" fill="outline" onClick={onInvite}>
                {invite.buttonText}
              </Button>
            </List.Item>
          )}
        </List>
        <List header={`材料（${materials.length}）`} mode="card">
          <List.Item>
            <Space wrap>
              {materials.map((x) =>
                x.isImage ? (
                  <Image key={x.id} src={x.url} width={72} height={56} fit="cover" alt={x.materialText} onClick={() => ImageViewer.show({ image: x.url })} />
                ) : (
                  <a key={x.id} href={x.url} target="_blank" rel="noreferrer">
                    {x.materialText}
                  </a>
                ),
              )}
            </Space>
          </List.Item>
        </List>
        <List header="支付机构" mode="card">
          {innets.map((i) => {
            const t = innetTag(i.status);
            return (
              <List.Item
                key={i.innetId}
                extra={
                  <Tag color={mobileTagColor(t.color)} fill="outline" data-testid={`cus-innet-${i.provider}`}>
                    {t.text}
                  </Tag>
                }
                description={
                  i.rejectReasons.length || acts.canVerify(i) || acts.canSign(i) ? (
                    <>
                      {i.rejectReasons.map((x) => `${x.label}：${x.reason}`).join('；')}
                      {(acts.canVerify(i) || acts.canSign(i)) && (
                        <Space style={{ marginTop: 8 }}>
                          {acts.canVerify(i) && (
                            <Button size="small" color="primary" onClick={() => acts.setVerifying(i)}>
                              打款验证
                            </Button>
                          )}
                          {acts.canSign(i) && (
                            <Button size="small" color="primary" onClick={() => acts.setSigning(i)}>
                              签约
                            </Button>
                          )}
                        </Space>
                      )}
                    </>
                  ) : undefined
                }
              >
                {i.providerName}
              </List.Item>
            );
          })}
          {!innets.length && <List.Item>暂无进件申请</List.Item>}
        </List>
        <List header="账户" mode="card">
          {accounts.map((a) => (
            <List.Item key={a.acctNo} extra={yuanText(a.balance)} description={a.acctNo}>
              {a.acctTypeText}
            </List.Item>
          ))}
          {!accounts.length && <List.Item>开通后生成账户</List.Item>}
          {d.bankApplyAllowed && (
            <List.Item clickable onClick={() => navigate(cusBankApplyUrl(m.cusCode))}>
              申请银行账户
            </List.Item>
          )}
        </List>
        <List header="合同" mode="card">
          {d.contracts.map((c) => (
            <List.Item key={c.contractId} clickable onClick={() => setPreview(c)} description={`${c.validFrom} 至 ${c.validTo}`}>
              {c.contractNo}
            </List.Item>
          ))}
          {!d.contracts.length && <List.Item>暂无合同</List.Item>}
        </List>
        <List header="历史" mode="card">
          <List.Item>
            <Steps direction="vertical" current={d.history.length}>
              {d.history.map((h) => (
                <Steps.Step key={h.id} title={HISTORY_ACTION_TEXT[h.action] ?? h.actionText} description={`${h.actorName} · ${formatDateTime(h.createdAt)}`} />
              ))}
            </Steps>
          </List.Item>
        </List>
        <ContractPreview contract={preview} onClose={() => setPreview(null)} />
      </div>
      <PromptDialog
        open={!!acts.verifying}
        title={verifyTitle(acts.verifying)}
        label={verifyLabel(acts.verifying)}
        placeholder="如：0.18"
        rules={verifyAmountRules}
        onOk={acts.verify}
        onCancel={() => acts.setVerifying(null)}
      />
      {acts.signing && <SignView innet={acts.signing} onClose={() => acts.setSigning(null)} onDone={() => void d.reload()} />}
      <Popup visible={invite.open} onMaskClick={() => invite.setOpen(false)} bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8 }} destroyOnClose>
        <h3 style={{ margin: '16px 16px 0', fontSize: 17 }}>邀请管理员</h3>
        <Form
          layout="horizontal"
          initialValues={invite.defaults}
          onFinish={(v: InviteValues) => void sendInvite(v)}
          footer={
            <Button block type="submit" color="primary" loading={invite.busy}>
              发送邀请
            </Button>
          }
        >
          <Form.Item name="realname" label="管理员姓名" rules={[{ validator: (_r, v: string) => checked(inviteFieldProblem('realname', v)) }]}>
            <Input placeholder="请输入管理员姓名" maxLength={30} />
          </Form.Item>
          <Form.Item name="mobile" label="手机号码" rules={[{ validator: (_r, v: string) => checked(inviteFieldProblem('mobile', v)) }]}>
            <Input placeholder="用于接收邀请短信和登录" maxLength={11} type="tel" />
          </Form.Item>
        </Form>
      </Popup>
    </PullToRefresh>
  );
}
