/** Ask AI about a lead: a short chat grounded in its record and history; each answer can go into the notes or a text. */
import { AI_ACTION_TOASTS, ASK_AI_HISTORY } from '@wholesail/domain';
import { ClipboardCopyIcon, MessageSquareIcon, NotebookPenIcon, SendIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { conversationHref } from '@/features/conversations/conversation-links';
import { setTextDraft } from '@/features/conversations/text-draft';
import { errorText } from '@/lib/api';
import { useAskLead, type ChatTurn } from './ai-actions-api';
import { useLeadSave } from './lead-edit-api';
import type { LeadDetail } from './leads-api';

function AnswerActions({ lead, answer }: { lead: LeadDetail; answer: string }) {
  const save = useLeadSave(lead.id);
  const navigate = useNavigate();
  const copy = () =>
    navigator.clipboard.writeText(answer).then(
      () => toast.success('Answer copied'),
      () => toast.error('Could not copy the answer'),
    );
  const addToNotes = () =>
    save.mutate(
      { changes: { notes: lead.notes ? `${lead.notes}\n\n${answer}` : answer }, version: lead.version },
      {
        onSuccess: () => toast.success('Added to notes'),
        onError: (error) => toast.error('Could not add to notes', { description: errorText(error, 'Please try again.') }),
      },
    );
  const useInText = () => {
    setTextDraft(lead.id, answer);
    void navigate(conversationHref(lead.id));
  };
  return (
    <div className="flex flex-wrap gap-1">
      <Button variant="ghost" size="sm" onClick={() => void copy()}>
        <ClipboardCopyIcon aria-hidden /> Copy
      </Button>
      <Button variant="ghost" size="sm" disabled={save.isPending} onClick={addToNotes}>
        <NotebookPenIcon aria-hidden /> Add to notes
      </Button>
      <Button variant="ghost" size="sm" onClick={useInText}>
        <MessageSquareIcon aria-hidden /> Use in a text
      </Button>
    </div>
  );
}

export function AskAiPanel({ lead }: { lead: LeadDetail }) {
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [question, setQuestion] = useState('');
  const ask = useAskLead(lead.id);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = question.trim();
    if (!q || ask.isPending) return;
    ask.mutate(
      { question: q, history: turns.slice(-ASK_AI_HISTORY) },
      {
        onSuccess: ({ answer }) => {
          setTurns((t) => [...t, { role: 'user', content: q }, { role: 'assistant', content: answer }]);
          setQuestion('');
        },
        onError: (error) => toast.error(AI_ACTION_TOASTS.responseFailed, { description: errorText(error, 'Please try again.') }),
      },
    );
  };
  return (
    <section aria-label="Ask AI" className="grid gap-2 rounded-md border bg-muted/30 p-3 text-sm">
      {turns.length > 0 && (
        <ol className="grid gap-2" aria-label="Ask AI conversation">
          {turns.map((turn, i) => (
            <li key={i} className={turn.role === 'user' ? 'font-medium' : 'grid gap-1 rounded-md bg-background p-2'}>
              <p className="whitespace-pre-wrap">{turn.content}</p>
              {turn.role === 'assistant' && <AnswerActions lead={lead} answer={turn.content} />}
            </li>
          ))}
        </ol>
      )}
      <form className="flex gap-2" onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          Question about this lead
        </label>
        <Input
          id={inputId}
          placeholder="Ask about this lead, e.g. draft a follow-up text"
          maxLength={1000}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
        />
        <Button type="submit" size="sm" className="h-9" disabled={ask.isPending || !question.trim()}>
          <SendIcon aria-hidden /> {ask.isPending ? 'Asking…' : 'Ask'}
        </Button>
      </form>
    </section>
  );
}
