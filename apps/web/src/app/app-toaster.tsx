import { Toaster } from 'sonner';

/** The app's toaster (loaded lazily: lib/toaster-gate.ts). Top centre, below the phone header: clear of the dialogs' close buttons and the app's menu. */
export function AppToaster() {
  return <Toaster richColors position="top-center" mobileOffset={{ top: 64 }} />;
}
