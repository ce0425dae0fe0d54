import { useEffect, useMemo, useState } from 'react';
import { CODE_LANGUAGES, loadLanguage } from './codeLanguages';
import { useCodeMirror } from './useCodeMirror';
import type { CodeEditorProps } from './CodeEditor';

export default function CodeEditorImpl(props: CodeEditorProps & { height: number }) {
  const language = props.language ?? 'javascript';
  const languageExt = useMemo(() => loadLanguage(language), [language]);
  // Which grammar is in place (after its lazy load): data-language-loaded on the root, for tests and styling.
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    languageExt.then(
      () => live && setLoaded(language),
      () => live && setLoaded(null),
    );
    return () => {
      live = false;
    };
  }, [languageExt, language]);
  const { host } = useCodeMirror({
    value: props.value ?? '',
    onChange: props.onChange,
    language: languageExt,
    editable: !props.disabled && !props.readOnly,
    height: props.height,
    placeholder: props.placeholder,
    label: props['aria-label'] ?? '代码编辑器',
  });
  return (
    <div className={`boss-code${props.disabled ? ' is-disabled' : ''}`} data-language={language} data-language-loaded={loaded ?? undefined}>
      {props.languageSelect && (
        <div className="boss-editor-toolbar">
          <label>
            语言{' '}
            <select value={language} disabled={props.disabled || props.readOnly} onChange={(e) => props.onLanguageChange?.(e.target.value as typeof language)}>
              {CODE_LANGUAGES.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      <div ref={host} />
    </div>
  );
}
