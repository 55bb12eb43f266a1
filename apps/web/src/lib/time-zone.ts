/** The phone's time zone (IANA name): what the habit record counts days by and reminders are set in. */
export const currentTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
