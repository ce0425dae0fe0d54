// The code editor of spec §3/§9: 12 languages, tab size 2, height 240 px; CodeMirror 6 loaded
// with import() only when an editor is shown, each language only when chosen.
import { lazyEditor } from './lazyEditor';
import type { CodeLanguage } from './codeLanguages';

export interface CodeEditorProps {
  value?: string;
  onChange?: (code: string) => void;
  language?: CodeLanguage;
  /** Offer the language list (the choice is reported through onLanguageChange). */
  languageSelect?: boolean;
  onLanguageChange?: (language: CodeLanguage) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  /** Spec §9: 240 px. */
  height?: number;
  'aria-label'?: string;
}

export const CODE_HEIGHT = 240;

export const CodeEditor = lazyEditor<CodeEditorProps>(() => import('./CodeEditor.impl'), CODE_HEIGHT);
