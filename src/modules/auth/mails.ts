import type { SupportTicketInput } from './model';

/** The texts of the mails auth sends: each a subject and a plain-text body. */
interface Named {
  name: string;
}

export function resetMail(user: Named, link: string) {
  return {
    subject: 'Reset your Kalimat password',
    text: [
      `Hello ${user.name},`,
      '',
      'Someone asked to reset the password of your Kalimat account. To choose a new password, open this link within one hour:',
      '',
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function verificationMail(user: Named, link: string, days: number) {
  return {
    subject: 'Verify your Kalimat e-mail address',
    text: [
      `Hello ${user.name},`,
      '',
      `Welcome to Kalimat! Please confirm your e-mail address by opening this link within ${days} days:`,
      '',
      link,
    ].join('\n'),
  };
}

export function deletionMail(user: Named, scheduledDeletionDate: Date, subscriptionCancelled: boolean) {
  return {
    subject: 'Your Kalimat account will be deleted',
    text: [
      `Hello ${user.name},`,
      '',
      `Your Kalimat account and all its progress will be deleted on ${scheduledDeletionDate.toUTCString()}.`,
      'Changed your mind? Sign in before then and your account and progress are restored.',
      ...(subscriptionCancelled
        ? [
            'Your subscription has been cancelled: it runs to the end of the period you paid for, and you can subscribe again from Settings.',
          ]
        : []),
    ].join('\n'),
  };
}

export function ticketMail(id: number, input: SupportTicketInput, userId: number | null) {
  return {
    subject: `Support ticket #${id} from ${input.username}`,
    text: [`From: ${input.username} <${input.email}>`, userId ? `Account id: ${userId}` : 'Not signed in', '', input.issue].join('\n'),
  };
}
