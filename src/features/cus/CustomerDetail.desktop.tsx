// Desktop customer detail: tabs of master data, materials (image previews, files open), providers
// and their states (with the provider's reasons), accounts, contracts (PDF preview) and history;
// 邀请管理员 (useInviteAdmin) once the customer is approved.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Card, Descriptions, Empty, Form, Image, Input, List, Modal, Result, Space, Table, Tabs, Tag, Timeline } from 'antd';
import { CUS_KIND_TEXT, CUS_PERMS, HISTORY_ACTION_TEXT, MATERIAL_TEXT, type ContractView } from '@contract/api/cus';
import { ACCOUNT_STATUS_TEXT } from '@contract/api/ledger';
import { cusBankApplyUrl, cusInnetUrl, cusOnboardingUrl } from '@contract/pages/cus';
import { formatDateTime } from '@contract/time';
import { yuanText } from '@contract/money';
import { useCan } from '@/hooks/useCan';
import { PromptDialog } from '@/components/modal/PromptDialog';
import { ContractPreview } from './ContractPreview';
import { SignView } from './InnetDialogs';
import { useInnetRowActions, verifyAmountRules, verifyLabel, verifyTitle } from './useInnetActions';
import { useCusDetail } from './useCusDetail';
import { inviteFieldProblem, useInviteAdmin, type InviteValues } from './useInviteAdmin';

const checked = (problem: string | null) => (problem ? Promise.reject(new Error(problem)) : Promise.resolve());
import type { CusDetailViewProps } from './CustomerDetail';
import { innetTag, MATERIAL_ORDER, materialsOfType, reviewTag, ROLE_TEXT } from './rules';
import { AreaPicker } from '@/components/pickers/SimplePickers';

export default function CustomerDetailDesktop({ cusCode }: CusDetailViewProps) {
  const d = useCusDetail(cusCode);
  const navigate = useNavigate();
  const can = useCan();
  const { message, modal } = App.useApp();
  const [preview, setPreview] = useState<ContractView | null>(null);
  const invite = useInviteAdmin(d.detail?.master, d.detail?.admin, d.reload);
  const acts = useInnetRowActions(d.reload, (kind, text) => void message[kind](text));
  const [inviteForm] = Form.useForm<InviteValues>();
  if (d.error) return <Result status="warning" title={d.error} />;
  if (!d.detail) return <Card loading />;
  const { master: m, materials, innets, accounts, admin } = d.detail;
  const tag = reviewTag(m.reviewStatus);
  const sendInvite = (v?: InviteValues) =>
    invite.send(v).then(
      (text) => void message.success(text),
      (err: Error) => void message.warning(err.message),
    );
  const onInvite = () => {
    if (!admin) {
      inviteForm.setFieldsValue(invite.defaults);
      invite.setOpen(true);
      return;
    }
    modal.confirm({ title: '重发邀请', content: `重新发送邀请短信至 ${admin.mobile}（${admin.realname}）？`, onOk: () => sendInvite() });
  };
  return (
    <Card
      title={`${m.cusName}（${m.cusCode}）`}
      extra={
        <Space>
          <Tag color={tag.color} data-testid="cus-review-status">
            {tag.text}
          </Tag>
          {can(CUS_PERMS.edit) && (m.reviewStatus === 'draft' || m.reviewStatus === 'returned') && (
            <Button onClick={() => navigate(cusOnboardingUrl(m.cusCode))}>{m.reviewStatus === 'returned' ? '修改资料' : '继续填写'}</Button>
          )}
          {invite.allowed && <Button onClick={onInvite}>{invite.buttonText}</Button>}
          {can(CUS_PERMS.innetApply) && m.reviewStatus === 'approved' && (
            <Button type="primary" onClick={() => navigate(cusInnetUrl(undefined, m.cusCode))}>
              进件
            </Button>
          )}
        </Space>
      }
    >
      <Tabs
        defaultActiveKey={d.tab}
        items={[
          {
            key: 'master',
            label: '主数据',
            children: (
              <Descriptions bordered size="small" column={2}>
                <Descriptions.Item label="客户类型">{CUS_KIND_TEXT[m.cusKind]}</Descriptions.Item>
                <Descriptions.Item label="客户角色">{ROLE_TEXT[m.cusType]}</Descriptions.Item>
                <Descriptions.Item label="统一社会信用代码">{m.creditCode ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="所属行业">{m.industryName ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="法定代表人">{`${m.legalName ?? ''} ${m.legalIdNo ?? ''}`}</Descriptions.Item>
                <Descriptions.Item label="法人手机号">{m.legalMobile}</Descriptions.Item>
                <Descriptions.Item label="联系人">{`${m.contactName ?? ''} ${m.mobile ?? ''}`}</Descriptions.Item>
                <Descriptions.Item label="注册地址" span={2}>
                  <Space>
                    <AreaPicker label="注册地址" readOnly value={m.districtCode ?? ''} style={{ width: 260 }} />
                    {m.address}
                  </Space>
                </Descriptions.Item>
                <Descriptions.Item label="结算银行卡">{m.settleCardNo}</Descriptions.Item>
                <Descriptions.Item label="开户行">{`${m.settleBankName ?? ''} ${m.settleBranchName ?? ''}`}</Descriptions.Item>
                <Descriptions.Item label="经办人">{m.makerName ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="审核人">{m.checkerName ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="客户管理员" span={2}>
                  <span data-testid="cus-admin">
                    {admin ? `${admin.realname} ${admin.mobile}（${invite.statusText}，${admin.invitedBy}邀请于${formatDateTime(admin.invitedAt)}）` : '未邀请'}
                  </span>
                </Descriptions.Item>
                {m.reviewReason && (
                  <Descriptions.Item label="退回原因" span={2}>
                    {m.reviewReason}
                  </Descriptions.Item>
                )}
              </Descriptions>
            ),
          },
          {
            key: 'materials',
            label: `材料（${materials.length}）`,
            children: materials.length ? (
              <List
                dataSource={MATERIAL_ORDER.filter((t) => materialsOfType(materials, t).length)}
                renderItem={(t) => (
                  <List.Item>
                    <List.Item.Meta title={MATERIAL_TEXT[t]} />
                    <Image.PreviewGroup>
                      <Space wrap>
                        {materialsOfType(materials, t).map((x) =>
                          x.isImage ? (
                            <Image key={x.id} src={x.url} width={96} height={72} style={{ objectFit: 'cover' }} alt={x.materialText} />
                          ) : (
                            <a key={x.id} href={x.url} target="_blank" rel="noreferrer">
                              {x.fileName}
                            </a>
                          ),
                        )}
                      </Space>
                    </Image.PreviewGroup>
                  </List.Item>
                )}
              />
            ) : (
              <Empty description="暂无材料" />
            ),
          },
          {
            key: 'innets',
            label: '支付机构',
            children: (
              <Table
                rowKey="innetId"
                size="small"
                pagination={false}
                dataSource={innets}
                columns={[
                  { title: '支付机构', dataIndex: 'providerName' },
                  { title: '产品', dataIndex: 'product' },
                  {
                    title: '状态',
                    dataIndex: 'status',
                    render: (_v, r) => {
                      const t = innetTag(r.status);
                      return <Tag color={t.color}>{t.text}</Tag>;
                    },
                  },
                  { title: '驳回原因', dataIndex: 'rejectReasons', render: (_v, r) => r.rejectReasons.map((x) => `${x.label}：${x.reason}`).join('；') || '—' },
                  { title: '机构账号', dataIndex: 'providerAccountNo', render: (v: string | null) => v ?? '—' },
                  { title: '更新时间', dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
                  {
                    title: '操作',
                    key: 'actions',
                    render: (_v, r) => (
                      <Space>
                        {acts.canVerify(r) && <a onClick={() => acts.setVerifying(r)}>打款验证</a>}
                        {acts.canSign(r) && <a onClick={() => acts.setSigning(r)}>签约</a>}
                      </Space>
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'accounts',
            label: `账户（${accounts.length}）`,
            children: (
              <>
                {d.bankApplyAllowed && (
                  <Button style={{ marginBottom: 12 }} onClick={() => navigate(cusBankApplyUrl(m.cusCode))}>
                    申请银行账户
                  </Button>
                )}
                <Table
                  rowKey="acctNo"
                  size="small"
                  pagination={false}
                  dataSource={accounts}
                  columns={[
                    { title: '账号', dataIndex: 'acctNo' },
                    { title: '账户名称', dataIndex: 'acctName' },
                    { title: '账户类型', dataIndex: 'acctTypeText' },
                    { title: '余额', dataIndex: 'balance', align: 'right', render: (v: string) => yuanText(v) },
                    { title: '状态', dataIndex: 'status', render: (v: keyof typeof ACCOUNT_STATUS_TEXT) => ACCOUNT_STATUS_TEXT[v] ?? v },
                  ]}
                />
              </>
            ),
          },
          {
            key: 'contracts',
            label: `合同（${d.contracts.length}）`,
            children: (
              <Table
                rowKey="contractId"
                size="small"
                pagination={false}
                dataSource={d.contracts}
                columns={[
                  { title: '合同编号', dataIndex: 'contractNo' },
                  { title: '支付机构', dataIndex: 'providerName' },
                  { title: '产品', dataIndex: 'product' },
                  { title: '有效期', render: (_v, r) => `${r.validFrom} 至 ${r.validTo}` },
                  { title: '操作', render: (_v, r) => <a onClick={() => setPreview(r)}>预览</a> },
                ]}
              />
            ),
          },
          {
            key: 'history',
            label: '历史',
            children: (
              <Timeline
                items={d.history.map((h) => ({
                  children: (
                    <div>
                      <b>{HISTORY_ACTION_TEXT[h.action] ?? h.actionText}</b> · {h.actorName} · {formatDateTime(h.createdAt)}
                      {h.reason && <div>原因：{h.reason}</div>}
                    </div>
                  ),
                }))}
              />
            ),
          },
        ]}
      />
      <ContractPreview contract={preview} onClose={() => setPreview(null)} />
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
      <Modal
        title="邀请管理员"
        open={invite.open}
        okText="发送邀请"
        confirmLoading={invite.busy}
        onCancel={() => invite.setOpen(false)}
        onOk={() => void inviteForm.validateFields().then((v) => sendInvite(v))}
        destroyOnHidden
      >
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>被邀请人将收到短信，用该手机号验证码登录后只能查看本客户的入驻进度和账户。</p>
        <Form form={inviteForm} layout="vertical" preserve={false} initialValues={invite.defaults}>
          <Form.Item name="realname" label="管理员姓名" rules={[{ validator: (_r, v: string) => checked(inviteFieldProblem('realname', v)) }]}>
            <Input placeholder="请输入管理员姓名" maxLength={30} />
          </Form.Item>
          <Form.Item name="mobile" label="手机号码" rules={[{ validator: (_r, v: string) => checked(inviteFieldProblem('mobile', v)) }]}>
            <Input placeholder="用于接收邀请短信和登录" maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
