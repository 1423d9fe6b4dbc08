import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { PublicFooter } from './public-footer';

/** Typography of long text pages: headings, paragraphs, lists, tables and code. */
export const PROSE_CLASS =
  'grid gap-5 text-[15px] leading-7 text-foreground/90 [&_a]:font-medium [&_a]:text-primary [&_a:hover]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[13px] [&_code]:[overflow-wrap:anywhere] [&_h2]:mt-4 [&_h2]:scroll-mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h3]:mt-1 [&_h3]:font-semibold [&_kbd]:rounded [&_kbd]:border [&_kbd]:bg-muted [&_kbd]:px-1.5 [&_kbd]:text-xs [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_td]:border-t [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left [&_th]:font-semibold [&_ul]:list-disc [&_ul]:pl-6';

/** Header with home and sign-in links and the public footer, around a text page. */
export function PublicPageShell({ title, intro, updated, children }: { title: string; intro?: string; updated?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between px-4 sm:px-6">
          <Link to="/" aria-label="Wholesail home">
            <Logo />
          </Link>
          <Button variant="outline" size="sm" asChild>
            <Link to="/login">Sign in</Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl min-w-0 flex-1 px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        {updated && <p className="mt-2 text-sm text-muted-foreground">Last updated {updated}</p>}
        {intro && <p className="mt-4 text-lg text-muted-foreground">{intro}</p>}
        <div className={`mt-8 ${PROSE_CLASS}`}>{children}</div>
      </main>
      <PublicFooter />
    </div>
  );
}

/** A table; on narrow screens each row becomes a block whose cells carry their column's name. */
export function ProseTable({ head, rows }: { head: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <div className="max-sm:[&_td]:block max-sm:[&_td]:border-0 max-sm:[&_td]:py-1 max-sm:[&_td]:before:block max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:text-muted-foreground max-sm:[&_td]:before:content-[attr(data-label)] max-sm:[&_thead]:sr-only max-sm:[&_tr]:block max-sm:[&_tr]:border-t max-sm:[&_tr]:py-2">
      <table className="w-full text-sm">
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j} data-label={head[j]}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const LEGAL_UPDATED = 'November 21, 2026';
