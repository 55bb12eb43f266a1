/** The password reset message. Kept plain so every mail client shows it well. */
export function passwordResetEmail(url: string): { subject: string; text: string; html: string } {
  const text = [
    'Someone asked to reset the password of your Selah account.',
    '',
    `Open this link to choose a new password (it works for one hour):`,
    url,
    '',
    'If it was not you, you can ignore this message. Your password stays the same.',
  ].join('\n');
  const html = `<p>Someone asked to reset the password of your Selah account.</p>
<p><a href="${url}">Choose a new password</a> (the link works for one hour).</p>
<p>If it was not you, you can ignore this message. Your password stays the same.</p>`;
  return { subject: 'Reset your Selah password', text, html };
}
