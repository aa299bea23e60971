// A page that throws shows a message and a way out instead of blanking the whole app.
import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="empty-state" role="alert" data-testid="page-error">
        <p>{i18n.t('error')}</p>
        <button type="button" className="wallet-option" onClick={() => window.location.reload()}>
          {i18n.t('action.retry')}
        </button>
      </div>
    );
  }
}
