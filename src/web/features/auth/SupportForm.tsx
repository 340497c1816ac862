import { useState } from 'react';
import * as v from 'valibot';
import { Email } from '../../../modules/auth/model';
import { ApiError, server } from '../../lib/api';
import { isDisplayableMessage } from '../../lib/messages';
import { Field, serverFieldError, useFormFields } from '../../ui/form';
import { toast } from '../../ui/toast';
import { useUser } from '../../lib/session';

const TicketForm = v.object({
  email: Email,
  username: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(3, 'Username must be at least 3 characters'),
    v.maxLength(50, 'Username must not exceed 50 characters'),
  ),
  issue: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(10, 'Please describe your issue in more detail'),
    v.maxLength(1000, 'Please keep your description under 1000 characters'),
  ),
});

/** The support ticket form (Settings → Support and /support), filled in from the account. */
export function SupportForm({ context }: { context?: string }) {
  const { data: user } = useUser();
  const form = useFormFields({ email: user?.email ?? '', username: user?.username ?? '', issue: context ?? '' });
  const { values, errors } = form;
  const { pending } = form;
  const [sent, setSent] = useState(false);

  const submit = form.onSubmit(
    TicketForm,
    async (data) => {
      await server.api.support.ticket.post(data);
      toast.success('Support Ticket Submitted', { description: "We'll get back to you by e-mail as soon as we can." });
      setSent(true);
      form.set('issue', '');
    },
    (error) => {
      const fieldError =
        error instanceof ApiError && error.code === 'Validation Error'
          ? serverFieldError(error, ['email', 'username', 'issue'])
          : undefined;
      form.setErrors(fieldError ?? {});
      toast.error('Support ticket failed', {
        description:
          error instanceof ApiError && isDisplayableMessage(error.serverMessage)
            ? error.serverMessage
            : 'Failed to submit support ticket. Please try again.',
      });
    },
  );

  return (
    <form onSubmit={submit} noValidate className="form">
      {sent && (
        <p className="notice" role="status">
          Thank you! Your ticket has been received. You can send another one below.
        </p>
      )}
      <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Field label="Username" {...form.field('username')} />
      <div className="field">
        <label htmlFor="field-issue">Issue</label>
        <textarea
          id="field-issue"
          name="issue"
          rows={5}
          maxLength={1000}
          value={values.issue}
          onChange={(e) => form.set('issue', e.target.value)}
          aria-invalid={errors.issue ? true : undefined}
          aria-describedby={errors.issue ? 'field-issue-hint field-issue-error' : 'field-issue-hint'}
        />
        <p className="field-hint" id="field-issue-hint">
          {values.issue.trim().length} / 1000
        </p>
        {errors.issue && (
          <p className="field-error" id="field-issue-error">
            {errors.issue}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Submitting...' : 'Submit ticket'}
      </button>
    </form>
  );
}
