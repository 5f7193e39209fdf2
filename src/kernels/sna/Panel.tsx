/*
 * Panel.tsx -- SNA Server/6000's own panel after the lab's views: the porting journey
 * (journey/), the source's remedies one by one, 1 CPU against 4. The lab finds it by its
 * place (src/lab/kernel-panel.tsx) and loads it, a chunk of its own, only in this
 * kernel's labs.
 */
export { JourneyPanel as Panel } from './journey/JourneyPanel.js';
