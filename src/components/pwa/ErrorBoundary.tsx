// Catches render errors below it. A chunk that failed to load (new deployment, lost network) gets
// a message that says so and a reload; anything else gets a generic error page with a way home.
// Pass `resetKey` (e.g. the location path) so that navigating away clears the error.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { HOME_PATH } from '@contract/constants';
import { MSG } from '@contract/messages';
import { isChunkLoadError } from './chunkError';
import './pwa.css';

type Props = { children?: ReactNode; resetKey?: unknown };
type State = { error: unknown; resetKey: unknown };

export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('render error', error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const reload = () => window.location.reload();
    if (isChunkLoadError(error)) {
      return (
        <div className="boss-error-page" role="alert" data-testid="chunk-error">
          <h2>{MSG.chunkLoadFailed}</h2>
          <div className="boss-error-actions">
            <button type="button" className="boss-error-primary" onClick={reload}>
              重新加载
            </button>
          </div>
        </div>
      );
    }
    return (
      <div className="boss-error-page" role="alert" data-testid="render-error">
        <h2>页面出错了</h2>
        <p>{error instanceof Error ? error.message : String(error)}</p>
        <div className="boss-error-actions">
          <a href={HOME_PATH}>返回首页</a>
          <button type="button" className="boss-error-primary" onClick={reload}>
            重新加载
          </button>
        </div>
      </div>
    );
  }
}
