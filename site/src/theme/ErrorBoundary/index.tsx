import { Component, type ReactNode } from 'react';
import { ContentLoadError } from '../../lib/routes';
import { LoadError } from '../Loader';
import './error.css';

interface Props { children: ReactNode; onRetry?: () => void }
interface State { error: Error | null }

/** The chain of causes of an error, outermost first. */
export function causeChain(error: unknown): Error[] {
  const chain: Error[] = [];
  for (let e: unknown = error; e instanceof Error && chain.length < 10; e = e.cause) chain.push(e);
  return chain;
}

/**
 * Catches errors below it. A failed content load shows the red Retry box;
 * anything else is a render crash and shows "This page crashed.".
 */
export default class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  reset = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof ContentLoadError) return <LoadError error={error} retry={this.reset} />;
    return (
      <main className="crash" role="alert">
        <h1>This page crashed.</h1>
        <button type="button" onClick={this.reset}>Try again</button>
        {causeChain(error).map((e, i) => (
          <p key={i} className="crash-cause">{i > 0 && <span>Cause: </span>}{e.message}</p>
        ))}
      </main>
    );
  }
}
