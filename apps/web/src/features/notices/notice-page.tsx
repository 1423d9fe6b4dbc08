import { REDIRECT_NOTICE_DELAY_MS } from '@wholesail/domain';
import { ArrowRight, MessagesSquare, PhoneCall } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { COMMUNICATION_TAB_LABELS } from '@/features/communications/communication-tabs';

export type NoticeKind = 'dialer' | 'messaging';

export const NOTICE_TITLES: Readonly<Record<NoticeKind, string>> = {
  dialer: 'The dialer has moved into Communications',
  messaging: 'Messaging has moved into Communications',
};

const NOTICE_TEXTS: Readonly<Record<NoticeKind, string>> = {
  dialer: `Calls, live transcripts and AI coaching now live on the ${COMMUNICATION_TAB_LABELS.send} tab of Communications.`,
  messaging: `SMS conversations with your leads now live on the ${COMMUNICATION_TAB_LABELS.conversations} tab of Communications.`,
};

/** An old address: says where the feature went and forwards there after REDIRECT_NOTICE_DELAY_MS. */
export function NoticePage({ kind, target }: { kind: NoticeKind; target: string }) {
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(REDIRECT_NOTICE_DELAY_MS / 1000));

  useEffect(() => {
    const redirect = setTimeout(() => void navigate(target, { replace: true }), REDIRECT_NOTICE_DELAY_MS);
    const tick = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => {
      clearTimeout(redirect);
      clearInterval(tick);
    };
  }, [navigate, target]);

  const Icon = kind === 'dialer' ? PhoneCall : MessagesSquare;
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mx-auto inline-flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <CardTitle className="mt-2 text-xl">{NOTICE_TITLES[kind]}</CardTitle>
          <CardDescription>{NOTICE_TEXTS[kind]}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Redirecting in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}...
          </p>
          <Button onClick={() => void navigate(target, { replace: true })}>
            Go to Communications now
            <ArrowRight aria-hidden />
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
