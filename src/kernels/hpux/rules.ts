/*
 * rules.ts -- the buffering rule of HP-UX 9.0's send copy avoidance (source 003),
 * shared by the lab's curve runs and the HP-UX views without either loading the other.
 */

/**
 * The paper's rule for send buffers with copy avoidance (Appendix A): SO_SNDBUF / send
 * size + 1, at least 2. With fewer, the application writes a buffer the transport still
 * holds and forces a copy.
 */
export function buffersNeeded(soSndbuf: number, sendBytes: number): number {
  if (!(sendBytes > 0) || !(soSndbuf >= 0)) return 2;
  return Math.max(2, Math.floor(soSndbuf / sendBytes) + 1);
}
