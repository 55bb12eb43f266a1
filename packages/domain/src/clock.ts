/**
 * The server's clock as seen from a device. The server decides when a personalized day opens with its own
 * clock; a device whose clock runs fast or slow would count down to the wrong moment. Answers that matter carry
 * `serverTime` (the server's clock when it answered): the offset measured at receipt corrects the device's clock.
 */

/**
 * Milliseconds to add to the device's clock to read the server's: serverTime minus the device's time when the
 * answer arrived. An unreadable serverTime gives 0 (the device's clock as it is).
 */
export function clockOffsetMs(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) && Number.isFinite(receivedAt) ? server - receivedAt : 0;
}

/** The server's time now, from the device's time and the measured offset. */
export function serverNow(offsetMs: number, deviceNow: number): Date {
  return new Date(deviceNow + (Number.isFinite(offsetMs) ? offsetMs : 0));
}
