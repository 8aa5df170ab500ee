/** Where the admin's push pages live (SPEC.md §2 names the first; the others hang below it). */
export const SEND_NOTIFICATION_PATH = "/admin/sendNotification";
/** The resource route that counts the composer's audience. */
export const AUDIENCE_COUNT_PATH = `${SEND_NOTIFICATION_PATH}/audience`;
export const sendReportPath = (sendId: string) => `${SEND_NOTIFICATION_PATH}/${sendId}`;
