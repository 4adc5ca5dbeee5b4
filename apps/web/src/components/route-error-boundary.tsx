import { Component, type ErrorInfo, type ReactNode } from 'react';
import House from 'lucide-react/icons/house';
import RotateCw from 'lucide-react/icons/rotate-cw';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button, buttonClasses } from './ui/button';
import { Card } from './ui/card';

/**
 * What a screen shows instead when it failed to load or crashed, so nobody ever sees a blank page.
 * Uses a plain <a> for "home" (a full page load) so it works whatever state the app is in.
 */
export function ScreenError() {
  useDocumentTitle('Something went wrong');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 px-4 py-12 sm:py-16">
      <Card className="w-full p-6 text-center sm:p-8">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-amber-50 text-amber-700">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">
          We couldn't show this page. Reloading usually fixes it; if it doesn't, head back to the home page
          and try again in a moment.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button
            onClick={() => window.location.reload()}
            icon={<RotateCw aria-hidden="true" className="size-4" />}
          >
            Reload page
          </Button>
          <a href="/" className={buttonClasses('secondary')}>
            <House aria-hidden="true" className="size-4" />
            Go to home
          </a>
        </div>
      </Card>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Rendered instead of the children once they have thrown. Defaults to the screen error card. */
  fallback?: ReactNode;
}

/**
 * Catches render errors and failed lazy imports below it. Give it a `key` that changes with the route so
 * that navigating elsewhere starts fresh.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? <ScreenError />) : this.props.children;
  }
}
