import { CRASH_RETRIES, CRASH_SCREEN, DEFAULT_ROUTE, ERROR_BOUNDARY_RESET_MS } from '@wholesail/domain';
import { AlertTriangle, Home, RefreshCw, RotateCcw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { recordError } from '@/lib/error-log';
import { reloadPage } from '@/lib/reload-page';

export function createErrorId(now: number = Date.now()): string {
  return `ERR-${now.toString(36).toUpperCase()}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

export function tryAgainLabel(attemptsLeft: number): string {
  return `Try Again (${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left)`;
}

type Props = { children: ReactNode; resetKeys?: readonly unknown[] };
type State = { error: Error | null; errorId: string | null; attemptsLeft: number };

function keysChanged(previous: readonly unknown[] = [], next: readonly unknown[] = []): boolean {
  return previous.length !== next.length || previous.some((key, index) => !Object.is(key, next[index]));
}

/**
 * The crash screen. Try Again re-renders the children ERROR_BOUNDARY_RESET_MS after the click,
 * at most CRASH_RETRIES times; a change of resetKeys (the route) starts afresh.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, errorId: null, attemptsLeft: CRASH_RETRIES };
  private resetTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)), errorId: createErrorId() };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.state.errorId ?? 'ERR'}]`, error, info.componentStack);
    recordError({ source: 'crash', message: `${this.state.errorId ?? 'ERR'}: ${error.message}`, detail: `${error.stack ?? ''}${info.componentStack ?? ''}` });
  }

  componentDidUpdate(previous: Props): void {
    if (this.state.error && keysChanged(previous.resetKeys, this.props.resetKeys)) {
      clearTimeout(this.resetTimer);
      this.setState({ error: null, errorId: null, attemptsLeft: CRASH_RETRIES });
    }
  }

  componentWillUnmount(): void {
    clearTimeout(this.resetTimer);
  }

  private tryAgain = () => {
    if (this.state.attemptsLeft <= 0) return;
    this.setState((state) => ({ attemptsLeft: state.attemptsLeft - 1 }));
    clearTimeout(this.resetTimer);
    this.resetTimer = setTimeout(() => this.setState({ error: null, errorId: null }), ERROR_BOUNDARY_RESET_MS);
  };

  render(): ReactNode {
    const { error, errorId, attemptsLeft } = this.state;
    if (!error) return this.props.children;
    return <CrashScreen error={error} errorId={errorId ?? ''} attemptsLeft={attemptsLeft} onTryAgain={this.tryAgain} />;
  }
}

type CrashScreenProps = { error: Error; errorId: string; attemptsLeft: number; onTryAgain: () => void };

function CrashScreen({ error, errorId, attemptsLeft, onTryAgain }: CrashScreenProps) {
  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="w-full max-w-lg rounded-xl border bg-card p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <AlertTriangle className="size-5" aria-hidden />
          </span>
          <div>
            <h2 className="text-lg font-semibold">{CRASH_SCREEN.title}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{CRASH_SCREEN.description}</p>
          </div>
        </div>
        <details className="mt-5 rounded-md border bg-muted/50 text-sm">
          <summary className="cursor-pointer px-3 py-2 font-medium select-none">Technical details</summary>
          <pre className="max-h-64 overflow-auto border-t px-3 py-2 text-xs whitespace-pre-wrap break-words">
            {error.message}
            {error.stack ? `\n\n${error.stack}` : ''}
          </pre>
        </details>
        <p className="mt-3 text-xs text-muted-foreground">
          Error ID: <code className="font-mono text-foreground">{errorId}</code>
        </p>
        <div className="mt-5 flex flex-wrap gap-2">
          {attemptsLeft > 0 && (
            <Button onClick={onTryAgain}>
              <RotateCcw aria-hidden />
              {tryAgainLabel(attemptsLeft)}
            </Button>
          )}
          <Button variant="outline" onClick={reloadPage}>
            <RefreshCw aria-hidden />
            Reload Page
          </Button>
          <Button variant="ghost" asChild>
            <a href={DEFAULT_ROUTE}>
              <Home aria-hidden />
              Go Home
            </a>
          </Button>
        </div>
      </div>
    </div>
  );
}
