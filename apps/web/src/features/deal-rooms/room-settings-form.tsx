import { ROOM_ACCESS, ROOM_ACCESS_LABELS, type DealRoom, type RoomSettingsBody } from '@wholesail/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldClassName, Input, NativeSelect, PhoneInput } from '@/components/ui/input';
import { fieldProps, FormField, MoneyInput } from '@/features/deals/form-field';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { updateRoom } from './room-api';
import { readSettings, settingsServerErrors, settingsValues, type SettingsErrors, type SettingsField, type SettingsValues } from './room-settings-values';

/** Who may open the room, until when, and what buyers read on it; Save sends them in one PATCH. */
export function RoomSettingsForm({ room }: { room: DealRoom }) {
  const id = useId();
  const client = useQueryClient();
  const [values, setValues] = useState<SettingsValues>(() => settingsValues(room));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const save = useMutation({
    mutationFn: (body: RoomSettingsBody) => updateRoom(room.deal_id, body),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.dealRooms.room(room.deal_id), saved);
      setValues(settingsValues(saved));
      toast.success('Deal room saved');
    },
    onError: (error) => setErrors(settingsServerErrors(error)),
  });

  const field = (name: SettingsField) => ({
    ...fieldProps(`${id}-${name}`, errors[name]),
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readSettings(values, room);
    if ('errors' in read) return setErrors(read.errors);
    setErrors({});
    save.mutate(read.body);
  };
  const serverMessage = save.isError && Object.keys(settingsServerErrors(save.error)).length === 0 ? save.error.message : null;

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Deal room settings">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-access`} label="Who can open it" error={errors.access}>
          <NativeSelect {...field('access')}>
            {ROOM_ACCESS.map((a) => (
              <option key={a} value={a}>
                {ROOM_ACCESS_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {values.access === 'password' ? (
          <FormField
            id={`${id}-password`}
            label={room.has_password ? 'New password' : 'Password'}
            hint={room.has_password ? 'Leave blank to keep the current password.' : 'Buyers type it to see the deal.'}
            error={errors.password}
          >
            <Input type="text" autoComplete="off" {...field('password')} />
          </FormField>
        ) : (
          <div className="max-sm:hidden" />
        )}
        <FormField id={`${id}-expires_at`} label="Expires" hint="Blank: the room stays open until you close it." error={errors.expires_at}>
          <Input type="datetime-local" {...field('expires_at')} />
        </FormField>
        <FormField id={`${id}-headline`} label="Headline" error={errors.headline}>
          <Input maxLength={200} placeholder="3/2 brick ranch, light rehab" {...field('headline')} />
        </FormField>
        <FormField id={`${id}-asking_price`} label="Asking price" error={errors.asking_price}>
          <MoneyInput {...field('asking_price')} />
        </FormField>
        <FormField id={`${id}-earnest_money_required`} label="Earnest money required" error={errors.earnest_money_required}>
          <MoneyInput {...field('earnest_money_required')} />
        </FormField>
        <FormField id={`${id}-closing_date`} label="Closing date" error={errors.closing_date}>
          <Input type="date" {...field('closing_date')} />
        </FormField>
      </div>
      <FormField id={`${id}-description`} label="Description" error={errors.description}>
        <textarea rows={4} maxLength={5000} className={cn(fieldClassName, 'h-auto py-2')} {...field('description')} />
      </FormField>
      <FormField id={`${id}-showing_notes`} label="Showing notes" hint="How buyers get in: lockbox, open house times, who to call." error={errors.showing_notes}>
        <textarea rows={2} maxLength={2000} className={cn(fieldClassName, 'h-auto py-2')} {...field('showing_notes')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id={`${id}-contact_name`} label="Contact name" error={errors.contact_name}>
          <Input maxLength={200} autoComplete="off" {...field('contact_name')} />
        </FormField>
        <FormField id={`${id}-contact_phone`} label="Contact phone" error={errors.contact_phone}>
          <PhoneInput autoComplete="off" {...field('contact_phone')} />
        </FormField>
        <FormField id={`${id}-contact_email`} label="Contact email" error={errors.contact_email}>
          <Input type="email" autoComplete="off" {...field('contact_email')} />
        </FormField>
      </div>
      {serverMessage && (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden />
          <span>Could not save the deal room: {serverMessage}</span>
        </Alert>
      )}
      <Button type="submit" disabled={save.isPending} className="justify-self-start">
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}
