import { toast } from 'sonner';

/** Copies a room link, saying so (or how to copy it by hand when the browser refuses). */
export function copyLink(link: string, what = 'Link'): void {
  navigator.clipboard.writeText(link).then(
    () => toast.success(`${what} copied`),
    () => toast.error('Could not copy the link', { description: 'Select the link and copy it by hand.' }),
  );
}
