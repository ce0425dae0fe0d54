// The one loading indicator shown while a lazy page or view arrives. No UI kit, so it works on
// both devices before either kit has loaded.
export function Loading() {
  return (
    <div role="status" aria-live="polite" style={{ padding: 48, textAlign: 'center', color: '#999' }}>
      加载中...
    </div>
  );
}
