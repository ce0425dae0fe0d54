// The 12 languages of the code editor (spec §3), each loaded only when chosen.
import type { Extension } from '@codemirror/state';

export const CODE_LANGUAGES = [
  { value: 'css', label: 'CSS' },
  { value: 'javascript', label: 'JavaScript' },
  { value: 'html', label: 'HTML/XML' },
  { value: 'java', label: 'Java' },
  { value: 'objectivec', label: 'Objective-C' },
  { value: 'python', label: 'Python' },
  { value: 'r', label: 'R' },
  { value: 'shell', label: 'Shell' },
  { value: 'sql', label: 'SQL' },
  { value: 'swift', label: 'Swift' },
  { value: 'vue', label: 'Vue' },
  { value: 'markdown', label: 'Markdown' },
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['value'];

const legacy = async (load: () => Promise<Parameters<typeof import('@codemirror/language').StreamLanguage.define>[0]>) => {
  const [{ StreamLanguage }, mode] = await Promise.all([import('@codemirror/language'), load()]);
  return StreamLanguage.define(mode);
};

const LOADERS: Record<CodeLanguage, () => Promise<Extension>> = {
  css: async () => (await import('@codemirror/lang-css')).css(),
  javascript: async () => (await import('@codemirror/lang-javascript')).javascript(),
  html: async () => (await import('@codemirror/lang-html')).html(),
  java: async () => (await import('@codemirror/lang-java')).java(),
  objectivec: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/clike')).objectiveC),
  python: async () => (await import('@codemirror/lang-python')).python(),
  r: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/r')).r),
  shell: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/shell')).shell),
  sql: async () => (await import('@codemirror/lang-sql')).sql(),
  swift: () => legacy(async () => (await import('@codemirror/legacy-modes/mode/swift')).swift),
  vue: async () => (await import('@codemirror/lang-vue')).vue(),
  markdown: async () => (await import('@codemirror/lang-markdown')).markdown(),
};

export function loadLanguage(language: CodeLanguage): Promise<Extension> {
  return (LOADERS[language] ?? LOADERS.javascript)();
}
