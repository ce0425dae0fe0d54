// The rich-text editor of spec §1/§9 (height 300): TipTap, loaded with import() only when an
// editor is shown. Its HTML goes through the shared allow-list sanitiser (contract/sanitizeHtml)
// before it reaches the form, and images go through the upload (FileUpload, images only).
import { lazyEditor } from './lazyEditor';

export interface RichTextEditorProps {
  value?: string;
  /** Called with sanitised HTML. */
  onChange?: (html: string) => void;
  disabled?: boolean;
  /** Shows the (sanitised) HTML without a toolbar. */
  readOnly?: boolean;
  placeholder?: string;
  /** Spec §9: 300. */
  height?: number;
  /** Told of a refused or failed image (the server's message). */
  onNotice?: (message: string) => void;
  'aria-label'?: string;
}

export const RICH_TEXT_HEIGHT = 300;

export const RichTextEditor = lazyEditor<RichTextEditorProps>(() => import('./RichTextEditor.impl'), RICH_TEXT_HEIGHT);
