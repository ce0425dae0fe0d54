// One CodeMirror 6 view bound to a value (used by the code editor and the markdown editor): tab
// size 2, the language swapped in a compartment once loaded, read-only and disabled respected, and
// a value set from outside replacing the text without echoing back.
import { useEffect, useRef } from 'react';
import { basicSetup } from 'codemirror';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderExt } from '@codemirror/view';
import { indentWithTab } from '@codemirror/commands';
import { indentUnit } from '@codemirror/language';

export const CODE_TAB_SIZE = 2;

export interface CodeMirrorOptions {
  value: string;
  onChange?: (value: string) => void;
  language?: Promise<Extension> | null;
  editable: boolean;
  height: number | string;
  placeholder?: string;
  label: string;
}

export function useCodeMirror(opts: CodeMirrorOptions) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChange = useRef(opts.onChange);
  const lang = useRef(new Compartment());
  const edit = useRef(new Compartment());
  useEffect(() => {
    onChange.current = opts.onChange;
  });

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: opts.value,
        extensions: [
          basicSetup,
          keymap.of([indentWithTab]),
          EditorState.tabSize.of(CODE_TAB_SIZE),
          indentUnit.of(' '.repeat(CODE_TAB_SIZE)),
          EditorView.lineWrapping,
          EditorView.theme({ '&': { height: typeof opts.height === 'number' ? `${opts.height}px` : opts.height }, '.cm-scroller': { overflow: 'auto' } }),
          EditorView.contentAttributes.of({ 'aria-label': opts.label }),
          opts.placeholder ? placeholderExt(opts.placeholder) : [],
          lang.current.of([]),
          edit.current.of([EditorView.editable.of(opts.editable), EditorState.readOnly.of(!opts.editable)]),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChange.current?.(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The view is made once; value, language and editability are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== opts.value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: opts.value } });
  }, [opts.value]);

  useEffect(() => {
    let live = true;
    void opts.language?.then((ext) => live && view.current?.dispatch({ effects: lang.current.reconfigure(ext) }));
    return () => {
      live = false;
    };
  }, [opts.language]);

  useEffect(() => {
    view.current?.dispatch({ effects: edit.current.reconfigure([EditorView.editable.of(opts.editable), EditorState.readOnly.of(!opts.editable)]) });
  }, [opts.editable]);

  return { host, view };
}
