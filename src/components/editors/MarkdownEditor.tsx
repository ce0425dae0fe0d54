// The markdown editor of spec §1/§2: CodeMirror's markdown mode with a toolbar, a live preview
// rendered by marked and cleaned by the shared sanitiser, and the two-tab image dialog. Loaded with
// import() only when shown.
import { lazyEditor } from './lazyEditor';

export interface MarkdownEditorProps {
  value?: string;
  onChange?: (markdown: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  height?: number;
  'aria-label'?: string;
}

export const MarkdownEditor = lazyEditor<MarkdownEditorProps>(() => import('./MarkdownEditor.impl'), 300);
