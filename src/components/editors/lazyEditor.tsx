// One way the editors load: their implementation with import() when first shown, a placeholder of
// the editor's height meanwhile.
import { lazy, Suspense, type ComponentType } from 'react';
import './editors.css';

export function lazyEditor<P extends { height?: number }>(load: () => Promise<{ default: ComponentType<P & { height: number }> }>, defaultHeight: number) {
  const Impl = lazy(load);
  function Editor(props: P) {
    const height = props.height ?? defaultHeight;
    return (
      <Suspense
        fallback={
          <div className="boss-editor-loading" style={{ height }} aria-busy="true">
            编辑器加载中...
          </div>
        }
      >
        <Impl {...props} height={height} />
      </Suspense>
    );
  }
  return Editor;
}
