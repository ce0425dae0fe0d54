// Gallery: the three editors, one page each (Editors.meta.ts) — rich text (sanitised output shown),
// markdown (two-tab image dialog) and code (12 languages) — empty, filled, disabled and read-only.
import { useState } from 'react';
import { RichTextEditor } from '@/components/editors/RichTextEditor';
import { MarkdownEditor } from '@/components/editors/MarkdownEditor';
import { CodeEditor } from '@/components/editors/CodeEditor';
import type { CodeLanguage } from '@/components/editors/codeLanguages';
import { GalleryState } from './GalleryState';

const FILLED_HTML =
  '<p>尊敬的客户：系统将于<strong>本周六 22:00</strong> 升级，期间暂停付款审批。</p><ul><li>升级约 2 小时</li><li>请提前处理待审批订单</li></ul>';

function Output({ testId, value }: { testId: string; value: string }) {
  return (
    <pre data-testid={testId} style={{ fontSize: 12, background: '#f5f5f5', padding: 8, margin: '8px 0 0', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {value || '（空）'}
    </pre>
  );
}

function Rich() {
  const [html, setHtml] = useState('');
  return (
    <>
      <RichTextEditor value={html} onChange={setHtml} aria-label="公告正文" />
      <Output testId="rich-output" value={html} />
    </>
  );
}

const FILLED_MD = '## 结算说明\n\n每日 **17:00** 前提交的付款当日处理。\n';

function Markdown({ initial = FILLED_MD, testId = 'md-output', label = '说明文档' }: { initial?: string; testId?: string; label?: string }) {
  const [md, setMd] = useState(initial);
  return (
    <>
      <MarkdownEditor value={md} onChange={setMd} aria-label={label} />
      <Output testId={testId} value={md} />
    </>
  );
}

function Code() {
  const [language, setLanguage] = useState<CodeLanguage>('sql');
  const [code, setCode] = useState("SELECT cus_code, balance\n  FROM acct\n WHERE status = '1';\n");
  return (
    <>
      <CodeEditor value={code} onChange={setCode} language={language} languageSelect onLanguageChange={setLanguage} aria-label="代码" />
      <Output testId="code-output" value={`${language}: ${code}`} />
    </>
  );
}

export function RichTextBlock() {
  return (
    <>
      <GalleryState title="空" caption="输入内容；下方是经过安全过滤后保存的 HTML。图片通过上传插入。">
        <Rich />
      </GalleryState>
      <GalleryState title="禁用" caption="已发布的公告不能修改。">
        <RichTextEditor value={FILLED_HTML} disabled aria-label="已发布公告" />
      </GalleryState>
      <GalleryState title="只读" caption="只展示内容，没有工具栏。">
        <RichTextEditor value={FILLED_HTML} readOnly aria-label="公告内容" />
      </GalleryState>
    </>
  );
}

export function MarkdownBlock() {
  return (
    <>
      <GalleryState title="已填写" caption="左边编辑、右边预览（手机上切换）；“图片”按钮打开插图对话框：本地上传或网络图片。">
        <Markdown />
      </GalleryState>
      <GalleryState title="空" caption="还没有内容时显示提示文字。">
        <Markdown initial="" testId="md-empty-output" label="空白文档" />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <MarkdownEditor value={FILLED_MD} disabled aria-label="已归档文档" />
      </GalleryState>
      <GalleryState title="只读" caption="只展示排版后的内容。">
        <MarkdownEditor value={FILLED_MD} readOnly aria-label="只读文档" />
      </GalleryState>
    </>
  );
}

export function CodeBlock() {
  return (
    <>
      <GalleryState title="已填写（SQL）" caption="可切换 12 种语言，缩进 2 个空格，高度 240 像素。">
        <Code />
      </GalleryState>
      <GalleryState title="禁用" caption="不能修改。">
        <CodeEditor value={'.fee-rule {\n  color: #0267b5;\n}\n'} language="css" disabled aria-label="禁用代码" />
      </GalleryState>
      <GalleryState title="只读" caption="只展示，不能修改。">
        <CodeEditor value={'function fee(amount) {\n  return Math.max(1, amount * 0.006);\n}\n'} language="javascript" readOnly aria-label="只读代码" />
      </GalleryState>
    </>
  );
}
