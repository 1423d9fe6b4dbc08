import { AI_AREAS, aiAreaStatusText, formatDateTime } from '@wholesail/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAiHealth } from '@/features/coaching/use-ai-health';
import { voiceDevice } from '@/features/dialer/voice/voice-device';
import { useOnlineStatus } from '@/features/offline/connectivity';
import { useOutboxEntries } from '@/features/offline/use-outbox';
import { useMe } from '@/features/organization/organization-api';
import { readHealth } from '@/features/status/health-api';
import { queryKeys } from '@/lib/query-keys';
import { realtimeConnection } from '@/lib/realtime';
import { version as webVersion } from '../../../package.json';
import type { DebugSection } from './debug-report';

const FEED_WORDS = { off: 'Not connected', connecting: 'Connecting', open: 'Connected', waiting: 'Lost; trying again' } as const;
const VOICE_WORDS = { uninitialized: 'Not started (opens with the dialer)', initializing: 'Starting', ready: 'Ready', error: 'Error' } as const;
const when = (at: string | null | undefined) => (at ? formatDateTime(at) : '—');

/** What the service worker is doing for this tab; read once (it changes only with a reload or an update). */
function useServiceWorker(): string {
  const [text, setText] = useState('Checking…');
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return void setText('Not supported by this browser');
    let live = true;
    void navigator.serviceWorker.getRegistration().then(
      (registration) => {
        if (!live) return;
        if (!registration) return setText('Not registered (a development build, or the first visit)');
        const waiting = registration.waiting ? '; an update is waiting for a reload' : '';
        setText(`${registration.active ? 'Active' : 'Installing'}, controls this page: ${navigator.serviceWorker.controller ? 'yes' : 'no'}${waiting}`);
      },
      (error: unknown) => live && setText(`Could not read it: ${String(error)}`),
    );
    return () => {
      live = false;
    };
  }, []);
  return text;
}

/** Every fact the debug page shows, grouped as it shows them. */
export function useDebugSections(): DebugSection[] {
  const me = useMe();
  const health = useQuery({ queryKey: queryKeys.publicStatus, queryFn: readHealth, retry: false });
  const ai = useAiHealth();
  const feed = useSyncExternalStore(realtimeConnection.subscribe, realtimeConnection.getSnapshot);
  const voice = useSyncExternalStore(voiceDevice.subscribe, voiceDevice.getSnapshot);
  const online = useOnlineStatus();
  const queued = useOutboxEntries();
  const worker = useServiceWorker();
  const server = health.data?.health;

  return [
    {
      title: 'Versions',
      facts: [
        ['Web app', webVersion],
        ['Server', server?.version ?? (health.isPending ? 'Checking…' : 'Not reachable')],
        ['Database', server ? (server.database === 'ok' ? 'Answering' : 'Not answering') : '—'],
      ],
    },
    {
      title: 'You',
      facts: [
        ['User', me.data ? `${me.data.user.name} <${me.data.user.email}>` : '—'],
        ['Organization', me.data?.organization ? `${me.data.organization.name} (${me.data.organization.id})` : 'None'],
        ['Role', me.data?.role ?? '—'],
      ],
    },
    {
      title: 'Realtime feed',
      facts: [
        ['State', `${FEED_WORDS[feed.state]} since ${when(feed.since)}`],
        ['Failed connections since the last open one', String(feed.failures)],
        ['Last change received', when(feed.lastEventAt)],
      ],
    },
    {
      title: 'Voice',
      facts: [
        ['Device', VOICE_WORDS[voice.status]],
        ['Line', voice.provider === 'twilio' ? 'Twilio' : voice.provider === 'demo' ? 'Demo line' : '—'],
        ['Last voice error', voice.error ?? 'None'],
      ],
    },
    {
      title: 'AI',
      facts: ai.data
        ? [
            ['Language model', ai.data.llm === 'configured' ? 'Configured' : 'Not configured'],
            ['Property data (BatchData)', ai.data.enrichment === 'configured' ? 'Configured' : 'Not configured'],
            ...AI_AREAS.map((area) => [area[0]!.toUpperCase() + area.slice(1), aiAreaStatusText(area, ai.data.areas[area], ai.data.modes[area])] as const),
            ['Checked', when(ai.data.checked_at)],
          ]
        : [['Status', ai.isError ? `Could not load: ${ai.error.message}` : 'Checking…']],
    },
    {
      title: 'Offline',
      facts: [
        ['Network', online ? 'Online' : 'Offline'],
        ['Service worker', worker],
        ['Call results waiting to be sent', String(queued.filter((e) => e.status === 'pending').length)],
        ['Call results needing attention', String(queued.filter((e) => e.status !== 'pending').length)],
      ],
    },
    {
      title: 'Browser',
      facts: [
        ['User agent', navigator.userAgent],
        ['Language', navigator.language],
        ['Time zone', Intl.DateTimeFormat().resolvedOptions().timeZone],
        ['Window', `${window.innerWidth} × ${window.innerHeight} px`],
        ['Page', window.location.pathname],
      ],
    },
  ];
}
