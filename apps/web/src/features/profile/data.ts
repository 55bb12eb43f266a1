// The profile feature's data entry (no screens): the signed-in person's profile query, which the quiz reads for
// the goals it sends with a new prayer, and this device's push registration, which the native app's start renews
// and sign-out removes.
export { meQueryOptions } from './api/get-me';
export { forgetThisDevice, registerThisDevice } from './api/push';
