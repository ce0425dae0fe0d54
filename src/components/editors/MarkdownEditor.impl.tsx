import { useMemo, useState } from 'react';
import { marked } from 'marked';
import type { EditorView } from '@codemirror/view';
import { sanitizeHtml } from '@contract/sanitizeHtml';
import { MarkdownImageDialog } from './MarkdownImageDialog';
import { loadLanguage } from './codeLanguages';
import { useCodeMirror } from './useCodeMirror';
import type { MarkdownEditorProps } from './MarkdownEditor';

/** Wraps the selection (or a placeholder word) in `before`/`after`. */
function wrap(view: EditorView | null, before: string, after = before, word = '文字') {
  if (!view) return;
  const { from, to } = view.state.selection.main;
  const text = view.state.sliceDoc(from, to) || word;
  view.dispatch({
    changes: { from, to, insert: `${before}${text}${after}` },
    selection: { anchor: from + before.length, head: from + before.length + text.length },
  });
  view.focus();
}

function insertLine(view: EditorView | null, text: string) {
  if (!view) return;
  const { from } = view.state.selection.main;
  const line = view.state.doc.lineAt(from);
  const prefix = line.length ? '\n' : '';
  view.dispatch({ changes: { from: line.to, insert: `${prefix}${text}` }, selection: { anchor: line.to + prefix.length + text.length } });
  view.focus();
}

export default function MarkdownEditorImpl(props: MarkdownEditorProps & { height: number }) {
  const value = props.value ?? '';
  const language = useMemo(() => loadLanguage('markdown'), []);
  const editable = !props.disabled && !props.readOnly;
  const { host, view } = useCodeMirror({
    value,
    onChange: props.onChange,
    language,
    editable,
    height: props.height,
    placeholder: props.placeholder,
    label: props['aria-label'] ?? 'Markdown 编辑器',
  });
  const [dialog, setDialog] = useState(false);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const html = useMemo(() => sanitizeHtml(marked.parse(value, { async: false, gfm: true, breaks: true })), [value]);
  const tools: [string, string, () => void][] = [
    ['加粗', 'B', () => wrap(view.current, '**')],
    ['斜体', 'I', () => wrap(view.current, '*')],
    ['标题', 'H', () => insertLine(view.current, '### 标题')],
    ['无序列表', '•', () => insertLine(view.current, '- 列表项')],
    ['代码', '</>', () => wrap(view.current, '`', '`', 'code')],
    ['链接', '链', () => wrap(view.current, '[', '](https://)', '链接文字')],
  ];
  return (
    <div className={`boss-md${props.disabled ? ' is-disabled' : ''}`}>
      <div className="boss-editor-toolbar" role="toolbar" aria-label="Markdown 工具">
        {tools.map(([label, text, run]) => (
          <button key={label} type="button" title={label} aria-label={label} disabled={!editable} onClick={run}>
            {text}
          </button>
        ))}
        <button type="button" title="插入图片" aria-label="插入图片" disabled={!editable} onClick={() => setDialog(true)}>
          图片
        </button>
        <span style={{ flex: 1 }} />
        <button type="button" className="boss-md-switch" aria-pressed={tab === 'preview'} onClick={() => setTab(tab === 'edit' ? 'preview' : 'edit')}>
          {tab === 'edit' ? '预览' : '编辑'}
        </button>
      </div>
      <div className={`boss-md-panes is-${tab}`}>
        <div ref={host} className="boss-md-source" />
        <div className="boss-md-preview" aria-label="预览" style={{ height: props.height }} dangerouslySetInnerHTML={{ __html: html }} />
      </div>
      <MarkdownImageDialog open={dialog} onClose={() => setDialog(false)} onInsert={(md) => insertLine(view.current, md)} />
    </div>
  );
}
