import { Component, type ReactNode } from 'react';
import { ContentLoadError } from '../../lib/routes';
import { LoadError, Loader } from '../Loader';
import './error.css';

interface Props { children: ReactNode; onRetry?: () => Promise<unknown> }
interface State { error: Error | null; retrying: boolean }

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
  state: State = { error: null, retrying: false };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error, retrying: false };
  }

  /** Shows the loader while the owner reloads the content, then renders again. */
  reset = () => {
    const { onRetry } = this.props;
    if (!onRetry) return this.setState({ error: null });
    this.setState({ retrying: true });
    void onRetry().finally(() => this.setState({ error: null, retrying: false }));
  };

  render() {
    const { error, retrying } = this.state;
    if (!error) return this.props.children;
    if (retrying) return <Loader />;
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
