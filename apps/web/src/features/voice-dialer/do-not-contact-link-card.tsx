import { ChevronRightIcon, ShieldBanIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { dncScreenHref } from '@/features/do-not-contact/dnc-links';

/** The way from Voice & Dialer to its Do Not Contact sub-page. */
export function DoNotContactLinkCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Do Not Contact</CardTitle>
        <CardDescription>
          Numbers no one in your organization may call or text, whichever lead they belong to: people who asked by text, on a call or through you, and
          lists you import.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link to={dncScreenHref()} className={buttonVariants({ variant: 'outline' })}>
          <ShieldBanIcon aria-hidden /> Open the Do Not Contact list <ChevronRightIcon aria-hidden />
        </Link>
      </CardContent>
    </Card>
  );
}
