/**
 * @module
 * How much of one WebSocket message from a client a server adapter holds (D57). Sleeve's only
 * socket, `/nowplaying/socket`, pushes and never reads: core closes it (1008) on any data
 * message. But a runtime buffers a message whole before anyone sees it, up to its own default
 * (`ws`: 100 MiB, Bun: 16 MiB), in memory outside the JavaScript heap that the memory plan
 * caps. Set low, the bound closes the socket (1009) as soon as a frame's header declares more,
 * before its payload is read. Control frames (ping, pong, close) carry at most 125 bytes and
 * pass under it.
 */
export const MAX_SOCKET_MESSAGE_BYTES = 4096;
