// TipTap behind RichTextEditor (loaded on demand). One rendering for phone and desktop: a compact
// toolbar of plain buttons that wraps on a narrow screen.
import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { sanitizeHtml } from '@contract/sanitizeHtml';
import { uploadFile, fileUrl } from '@/components/upload/uploadApi';
import { FilePicker } from '@/components/upload/FilePicker';
import { checkUploadFile } from '@contract/api/files';
import { UPLOAD_TEXT } from '@/components/upload/uploadRules';
import type { RichTextEditorProps } from './RichTextEditor';

type Cmd = { label: string; text: string; active?: string | [string, Record<string, unknown>]; run: () => void };

export default function RichTextEditorImpl(props: RichTextEditorProps & { height: number }) {
  const { value = '', onChange, disabled, readOnly, height } = props;
  const last = useRef(sanitizeHtml(value));
  const onChangeRef = useRef(onChange);
  const [uploading, setUploading] = useState(false);
  // Re-render on every transaction, so the toolbar's pressed states and the placeholder follow the text.
  const [, setTick] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), Image],
    content: last.current,
    editable: !disabled && !readOnly,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': props['aria-label'] ?? '富文本编辑器', 'aria-multiline': 'true', role: 'textbox', class: 'boss-rich-content' } },
    onTransaction: () => setTick((n) => n + 1),
    onUpdate: ({ editor: e }) => {
      const html = sanitizeHtml(e.isEmpty ? '' : e.getHTML());
      if (html === last.current) return;
      last.current = html;
      onChangeRef.current?.(html);
    },
  });
  // A value set from outside (a record loaded into the form) replaces the content.
  useEffect(() => {
    const clean = sanitizeHtml(value);
    if (!editor || clean === last.current) return;
    last.current = clean;
    editor.commands.setContent(clean, { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled && !readOnly);
  }, [editor, disabled, readOnly]);

  const insertImages = async (files: File[]) => {
    for (const file of files) {
      const refusal = checkUploadFile(file, true);
      if (refusal) {
        props.onNotice?.(refusal);
        continue;
      }
      setUploading(true);
      const answer = await uploadFile(file, { imageOnly: true, bucket: 'editor' }).finally(() => setUploading(false));
      if (answer.success && answer.result)
        editor
          ?.chain()
          .focus()
          .setImage({ src: fileUrl(answer.result.filePath, answer.result.url), alt: file.name })
          .run();
      else props.onNotice?.(answer.message || UPLOAD_TEXT.failed);
    }
  };

  if (!editor) return null;
  const cmds: Cmd[] = [
    { label: '加粗', text: 'B', active: 'bold', run: () => editor.chain().focus().toggleBold().run() },
    { label: '斜体', text: 'I', active: 'italic', run: () => editor.chain().focus().toggleItalic().run() },
    { label: '删除线', text: 'S', active: 'strike', run: () => editor.chain().focus().toggleStrike().run() },
    { label: '标题', text: 'H', active: ['heading', { level: 3 }], run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
    { label: '无序列表', text: '•', active: 'bulletList', run: () => editor.chain().focus().toggleBulletList().run() },
    { label: '有序列表', text: '1.', active: 'orderedList', run: () => editor.chain().focus().toggleOrderedList().run() },
    { label: '引用', text: '“', active: 'blockquote', run: () => editor.chain().focus().toggleBlockquote().run() },
    { label: '撤销', text: '↶', run: () => editor.chain().focus().undo().run() },
    { label: '重做', text: '↷', run: () => editor.chain().focus().redo().run() },
  ];
  const locked = !!disabled || !!readOnly;
  return (
    <div className={`boss-rich${disabled ? ' is-disabled' : ''}${readOnly ? ' is-readonly' : ''}`}>
      {!readOnly && (
        <div className="boss-editor-toolbar" role="toolbar" aria-label="格式">
          {cmds.map((c) => {
            const on = c.active ? (Array.isArray(c.active) ? editor.isActive(c.active[0], c.active[1]) : editor.isActive(c.active)) : false;
            return (
              <button
                key={c.label}
                type="button"
                title={c.label}
                aria-label={c.label}
                aria-pressed={c.active ? on : undefined}
                disabled={locked}
                onClick={c.run}
              >
                {c.text}
              </button>
            );
          })}
          <button type="button" title="插入图片" aria-label="插入图片" disabled={locked || uploading} onClick={() => inputRef.current?.click()}>
            {uploading ? '上传中' : '图片'}
          </button>
          <FilePicker multiple imageOnly onFiles={(f) => void insertImages(f)} inputRef={inputRef} />
        </div>
      )}
      <div className="boss-rich-body" style={{ height: readOnly ? undefined : height, minHeight: readOnly ? undefined : height }}>
        {props.placeholder && editor.isEmpty && !readOnly && (
          <div className="boss-rich-placeholder" aria-hidden="true">
            {props.placeholder}
          </div>
        )}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
