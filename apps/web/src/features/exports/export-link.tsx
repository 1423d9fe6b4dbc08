import { DownloadIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Export query values: blank ones are left out, a list of columns goes as `a,b,c`. */
export type ExportParams = Record<string, string | readonly string[] | null | undefined>;

/** The export route with the filters (docs/exports.md); commas stay readable in the link. */
export function exportHref(path: string, params: ExportParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = typeof value === 'string' ? value.trim() : value?.join(',');
    if (text) query.set(key, text);
  }
  const search = query.toString().replace(/%2C/g, ',');
  return search ? `${path}?${search}` : path;
}

type Props = Omit<ComponentProps<'a'>, 'href'> & { path: string; params?: ExportParams; size?: 'default' | 'sm' };

/** "Export CSV": a plain link the browser downloads, streamed by the server, never read into the page. */
export function ExportLink({ path, params, size = 'default', className, children = 'Export CSV', ...props }: Props) {
  return (
    <a href={exportHref(path, params)} download className={cn(buttonVariants({ variant: 'outline', size }), className)} {...props}>
      <DownloadIcon aria-hidden /> {children}
    </a>
  );
}
